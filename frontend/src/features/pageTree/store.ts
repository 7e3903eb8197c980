// Page tree state and its actions: optimistic updates that go back where
// they were, with a toast, when the server refuses or fails.
import type { TreePage } from './types';
import { HttpError, errorDetail } from '../../lib/http';
import type { TreeApi, TreePageFields } from './api';
import { samePlace, toMovePayload } from './drag';
import type { TreePlace } from './drag';
import {
  STATUS_DELETED,
  STATUS_DRAFT,
  STATUS_HIDDEN,
  STATUS_PUBLISHED,
  buildTree,
  insertPage,
  isCollapsed,
  isSaved,
  loadCollapsed,
  locate,
  movePage,
  removePage,
  replacePage,
  saveCollapsed,
  serverPosition,
  updatePage,
} from './model';
import type { CollapsedMap, ParentId, TreeModel } from './model';

export interface TreeState {
  model: TreeModel;
  collapsed: CollapsedMap;
  /** Pages in edit mode; new unsaved pages have negative ids. */
  editing: ReadonlySet<number>;
  /** The id the server gave each new page that was saved, by its temporary id. */
  savedAs: ReadonlyMap<number, number>;
}

export const FAILURE_MESSAGES = {
  move: 'The page could not be moved',
  rename: 'The page could not be renamed',
  status: 'The page status could not be changed',
  delete: 'The page could not be deleted',
  create: 'The page could not be created',
} as const;

export interface TreeStoreOptions {
  pages: readonly TreePage[];
  locale: string;
  api: TreeApi;
  onError: (message: string) => void;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => Date;
}

export type TreeStore = ReturnType<typeof createTreeStore>;

function failureText(base: string, error: unknown): string {
  const detail =
    error instanceof HttpError
      ? (errorDetail(error.body) ?? error.message)
      : error instanceof Error
        ? error.message
        : '';
  return detail ? `${base}: ${detail}` : `${base}.`;
}

/** True for the temporary ids of new pages not saved yet. */
export function isUnsaved(id: number): boolean {
  return !isSaved(id);
}

/** Rebuild the tree from the server's pages, keeping new unsaved pages where they were. */
function withUnsavedPages(server: TreeModel, local: TreeModel): TreeModel {
  let model = server;
  for (const [id, page] of local.pages) {
    const place = isSaved(id) ? null : locate(local, id);
    if (place && (place.parentId === null || model.pages.has(place.parentId)))
      model = insertPage(model, page, place.parentId, place.index);
  }
  return model;
}

/** Create the page tree store. */
export function createTreeStore({
  pages,
  locale,
  api,
  onError,
  storage,
  now = () => new Date(),
}: TreeStoreOptions) {
  let state: TreeState = {
    model: buildTree(pages),
    collapsed: storage ? loadCollapsed(storage) : {},
    editing: new Set(),
    savedAs: new Map(),
  };
  const listeners = new Set<() => void>();
  let nextTempId = -1;
  /** Calls sent and not answered yet. */
  let pending = 0;

  const set = (patch: Partial<TreeState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };
  const setModel = (update: (model: TreeModel) => TreeModel) => set({ model: update(state.model) });
  const setEditing = (id: number, on: boolean) => {
    const editing = new Set(state.editing);
    if (on) editing.add(id);
    else editing.delete(id);
    set({ editing });
  };
  const page = (id: number) => state.model.pages.get(id);

  /** Apply fields at once; on failure restore the earlier values and report. */
  const patchPage = async (
    id: number,
    optimistic: Partial<TreePage>,
    fields: TreePageFields,
    failure: string,
  ) => {
    const before = page(id);
    if (!before) return;
    setModel((model) => updatePage(model, id, optimistic));
    pending += 1;
    try {
      const saved = await api.updatePage(id, fields);
      pending -= 1;
      setModel((model) => updatePage(model, id, saved));
    } catch (error) {
      pending -= 1;
      const restore = Object.fromEntries(
        Object.keys(optimistic).map((key) => [key, before[key as keyof TreePage]]),
      );
      setModel((model) => updatePage(model, id, restore));
      onError(failureText(failure, error));
      void resync();
    }
  };

  /**
   * Replace the tree with the server's after a failed or surprising answer, so nothing on
   * screen disagrees with the server (a call may fail after the change was stored, or
   * someone else may have changed the tree). Skipped while other calls are on their way:
   * their answers update their own pages.
   */
  const resync = async () => {
    try {
      const pages = await api.listPages();
      if (pending > 0) return;
      set({ model: withUnsavedPages(buildTree(pages), state.model) });
    } catch {
      // The toast already says what failed; the restored tree is the best we know.
    }
  };

  const setOpen = (id: number, open: boolean) => {
    const collapsed = { ...state.collapsed, [String(id)]: !open };
    set({ collapsed });
    if (storage) saveCollapsed(storage, collapsed);
  };

  const addPageAt = (parentId: ParentId, index: number): number => {
    const id = nextTempId--;
    const fresh: TreePage = {
      id,
      parent_page_id: parentId,
      position: index + 1,
      status: STATUS_DRAFT,
      published_at: now().toISOString(),
      pinned: false,
      news_page: false,
      template: '',
      path_segment: '',
      blocks: { name: { [locale]: '' } },
      urls: {},
      permissions: ['edit', 'create'],
      lock_version: 0,
    };
    if (parentId !== null) setOpen(parentId, true);
    set({
      model: insertPage(state.model, fresh, parentId, index),
      editing: new Set([...state.editing, id]),
    });
    return id;
  };

  const move = async (id: number, place: TreePlace) => {
    const origin = locate(state.model, id);
    if (!origin || !isSaved(id) || samePlace(origin, place)) return;
    const payload = toMovePayload(state.model, id, place);
    // A page put under a closed one (say a leaf, closed by default) must stay in sight.
    const parent = place.parentId === null ? undefined : page(place.parentId);
    if (parent && isCollapsed(parent, state.collapsed)) setOpen(parent.id, true);
    setModel((model) => movePage(model, id, place.parentId, place.index));
    pending += 1;
    try {
      const saved = await api.movePage(id, payload);
      pending -= 1;
      setModel((model) => updatePage(model, id, saved));
      const landed = saved.parent_page_id === place.parentId && saved.position === payload.position;
      if (!landed) void resync();
    } catch (error) {
      pending -= 1;
      setModel((model) => movePage(model, id, origin.parentId, origin.index));
      onError(failureText(FAILURE_MESSAGES.move, error));
      void resync();
    }
  };

  const create = async (tempId: number, name: string) => {
    const draft = page(tempId);
    const place = locate(state.model, tempId);
    if (!draft || !place) return;
    const position = serverPosition(state.model, tempId, place.parentId, place.index);
    setModel((model) => updatePage(model, tempId, { blocks: { name: { [locale]: name } } }));
    setEditing(tempId, false);
    pending += 1;
    try {
      const saved = await api.createPage({
        name,
        status: draft.status,
        news_page: draft.news_page,
        pinned: draft.pinned,
        published_at: draft.published_at,
        parent_page_id: place.parentId,
        position,
      });
      pending -= 1;
      set({
        model: replacePage(state.model, tempId, saved),
        savedAs: new Map(state.savedAs).set(tempId, saved.id),
      });
      if (saved.parent_page_id !== place.parentId || saved.position !== position) void resync();
    } catch (error) {
      pending -= 1;
      setEditing(tempId, true);
      onError(failureText(FAILURE_MESSAGES.create, error));
      void resync();
    }
  };

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setOpen,
    startEdit: (id: number) => setEditing(id, true),
    /** Leave edit mode; a new unsaved page is removed. */
    cancelEdit(id: number) {
      if (isUnsaved(id))
        set({ model: removePage(state.model, id), editing: withoutId(state.editing, id) });
      else setEditing(id, false);
    },
    async saveName(id: number, name: string) {
      if (isUnsaved(id)) return create(id, name);
      const before = page(id);
      if (!before) return;
      setEditing(id, false);
      const blocks = { ...before.blocks, name: { ...before.blocks.name, [locale]: name } };
      return patchPage(id, { blocks }, { name }, FAILURE_MESSAGES.rename);
    },
    /** Publish a page that is not published; hide a published one. */
    toggleStatus(id: number) {
      const current = page(id);
      if (!current) return Promise.resolve();
      const status = current.status === STATUS_PUBLISHED ? STATUS_HIDDEN : STATUS_PUBLISHED;
      return patchPage(id, { status }, { status }, FAILURE_MESSAGES.status);
    },
    /** Set status 4 (the caller has asked for confirmation). */
    remove(id: number) {
      return patchPage(
        id,
        { status: STATUS_DELETED },
        { status: STATUS_DELETED },
        FAILURE_MESSAGES.delete,
      );
    },
    addChild(parentId: ParentId): number {
      return addPageAt(parentId, (state.model.children.get(parentId) ?? []).length);
    },
    /** Add a new sibling right after a page. */
    addHere(id: number): number {
      const place = locate(state.model, id);
      return addPageAt(place?.parentId ?? null, place ? place.index + 1 : 0);
    },
    move,
    resync,
  };
}

function withoutId(ids: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(ids);
  next.delete(id);
  return next;
}
