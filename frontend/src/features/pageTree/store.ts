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
  loadCollapsed,
  locate,
  movePage,
  removePage,
  replacePage,
  saveCollapsed,
  updatePage,
} from './model';
import type { CollapsedMap, ParentId, TreeModel } from './model';

export interface TreeState {
  model: TreeModel;
  collapsed: CollapsedMap;
  /** Pages in edit mode; new unsaved pages have negative ids. */
  editing: ReadonlySet<number>;
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
  return id < 0;
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
  };
  const listeners = new Set<() => void>();
  let nextTempId = -1;

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
    try {
      const saved = await api.updatePage(id, fields);
      setModel((model) => updatePage(model, id, saved));
    } catch (error) {
      const restore = Object.fromEntries(
        Object.keys(optimistic).map((key) => [key, before[key as keyof TreePage]]),
      );
      setModel((model) => updatePage(model, id, restore));
      onError(failureText(failure, error));
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
    if (!origin || samePlace(origin, place)) return;
    setModel((model) => movePage(model, id, place.parentId, place.index));
    try {
      const saved = await api.movePage(id, toMovePayload(place));
      setModel((model) => updatePage(model, id, saved));
    } catch (error) {
      setModel((model) => movePage(model, id, origin.parentId, origin.index));
      onError(failureText(FAILURE_MESSAGES.move, error));
    }
  };

  const create = async (tempId: number, name: string) => {
    const draft = page(tempId);
    const place = locate(state.model, tempId);
    if (!draft || !place) return;
    setModel((model) => updatePage(model, tempId, { blocks: { name: { [locale]: name } } }));
    setEditing(tempId, false);
    try {
      const saved = await api.createPage({
        name,
        status: draft.status,
        news_page: draft.news_page,
        pinned: draft.pinned,
        published_at: draft.published_at,
        parent_page_id: draft.parent_page_id,
        position: place.index + 1,
      });
      setModel((model) => replacePage(model, tempId, saved));
    } catch (error) {
      setEditing(tempId, true);
      onError(failureText(FAILURE_MESSAGES.create, error));
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
  };
}

function withoutId(ids: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(ids);
  next.delete(id);
  return next;
}
