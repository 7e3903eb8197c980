// Page tree state and its actions: optimistic updates that go back where
// they were, with a toast, when the server refuses or fails. The tree arrives in parts: a
// node's children are loaded when it shows open and they are not known yet.
import {
  STATUS_DELETED,
  STATUS_DRAFT,
  STATUS_HIDDEN,
  STATUS_PUBLISHED,
  displayName,
} from '../../lib/page';
import { t } from '../../i18n';
import type { MessageKey } from '../../i18n';
import type { TreePage } from './types';
import { failureText } from './api';
import type { TreeApi, TreePageFields } from './api';
import { createChildLoader } from './children';
import type { BatchLimits, ChildLoad } from './children';
import { samePlace, toMovePayload } from './drag';
import type { MovePayload, TreePlace } from './drag';
import { withUnsavedPages } from './merge';
import {
  buildTree,
  insertPage,
  isCollapsed,
  isLoaded,
  isSaved,
  loadCollapsed,
  locate,
  movePage,
  openNodes,
  removePage,
  replacePage,
  saveCollapsed,
  updatePage,
} from './model';
import type { CollapsedMap, ParentId, TreeModel } from './model';
import { IDLE_SEARCH, createTreeSearch } from './search';
import type { SearchState } from './search';
import { createWriteLog } from './writes';

export interface TreeState {
  model: TreeModel;
  collapsed: CollapsedMap;
  /** Pages in edit mode; new unsaved pages have negative ids. */
  editing: ReadonlySet<number>;
  /** The id the server gave each new page that was saved, by its temporary id. */
  savedAs: ReadonlyMap<number, number>;
  /** Nodes whose children are on their way, or could not be loaded (null: the top level). */
  childLoads: ReadonlyMap<ParentId, ChildLoad>;
  search: SearchState;
}

/** The catalogue key of what a failed action says, by action. */
const FAILURE_KEYS = {
  move: 'tree.failed.move',
  rename: 'tree.failed.rename',
  status: 'tree.failed.status',
  delete: 'tree.failed.delete',
  create: 'tree.failed.create',
  search: 'tree.failed.search',
  undo: 'tree.failed.undo',
} as const satisfies Record<string, MessageKey>;

function failure(action: keyof typeof FAILURE_KEYS): string {
  return t(FAILURE_KEYS[action]);
}

/** What a status change did, for the notice that offers to undo it. */
const DONE_MESSAGES = {
  [STATUS_PUBLISHED]: (name: string) => t('tree.done.published', { name }),
  [STATUS_HIDDEN]: (name: string) => t('tree.done.hidden', { name }),
  [STATUS_DELETED]: (name: string) => t('tree.done.deleted', { name }),
} as const;

export interface TreeStoreOptions {
  pages: readonly TreePage[];
  locale: string;
  /** The website's locales, the default first: a page without a name in `locale` is named in the first that has one, as the rows name it. */
  localeOrder?: readonly string[];
  api: TreeApi;
  /** Report a failure; `retry`, when given, tries the failed call again. */
  onError: (message: string, retry?: () => void) => void;
  /** Report a publish, hide or delete that went through, with the way to undo it. */
  onUndoable?: (message: string, undo: () => void) => void;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => Date;
  /** How much one call for several nodes' children asks at most (children.BATCH_LIMITS). */
  batchLimits?: BatchLimits;
}

export type TreeStore = ReturnType<typeof createTreeStore>;

/** True for the temporary ids of new pages not saved yet. */
export function isUnsaved(id: number): boolean {
  return !isSaved(id);
}

/** Create the page tree store. */
export function createTreeStore({
  pages,
  locale,
  localeOrder = [],
  api,
  onError,
  onUndoable,
  storage,
  now = () => new Date(),
  batchLimits,
}: TreeStoreOptions) {
  let state: TreeState = {
    model: buildTree(pages),
    collapsed: storage ? loadCollapsed(storage) : {},
    editing: new Set(),
    savedAs: new Map(),
    childLoads: new Map(),
    search: IDLE_SEARCH,
  };
  const listeners = new Set<() => void>();
  let nextTempId = -1;
  const writes = createWriteLog();
  const set = (patch: Partial<TreeState>) => {
    state = { ...state, ...patch };
    // Whatever opened a node (a click, a key, a move, a search, a load below a node the
    // person had opened before) makes its children load.
    if (patch.model || patch.collapsed) children.loadOpenNodes();
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
  const children = createChildLoader({
    api,
    getState: () => state,
    set,
    writes,
    onError,
    now: () => now().getTime(),
    limits: batchLimits,
    nameOf: (id) => {
      const names = id === null ? undefined : page(id)?.blocks.name;
      return names ? displayName(names, locale, localeOrder) : null;
    },
  });
  const whenLoaded = children.whenLoaded;

  /**
   * Re-read what this screen has loaded, so nothing on screen disagrees with the server
   * (a call may fail after the change was stored, or someone else may have changed the
   * tree): the top level and the children of every shown, open node. Nodes out of sight
   * are forgotten and load again when they open. Skipped while other calls are on their
   * way, or when one was made meanwhile: their answers update their own pages. The nodes
   * are read in as few calls as the loader's limits allow, and shown all at once.
   */
  const resync = async () => {
    const parents = [null, ...openNodes(state.model, state.collapsed)].filter((id) =>
      isLoaded(state.model, id),
    );
    const since = writes.mark();
    try {
      const records = await children.readAll(parents);
      // Lists read before a later change would undo it; that change's answer settles it.
      if (writes.pending > 0 || writes.mark() !== since) return;
      set({ model: withUnsavedPages(buildTree(records), state.model) });
    } catch {
      // The toast already says what failed; the restored tree is the best we know.
    }
  };

  /** Apply fields at once; on failure restore the earlier values and report. True: stored. */
  const patchPage = async (
    id: number,
    optimistic: Partial<TreePage>,
    fields: TreePageFields,
    failure: string,
  ): Promise<boolean> => {
    const before = page(id);
    if (!before) return false;
    setModel((model) => updatePage(model, id, optimistic));
    writes.begin(id);
    try {
      const saved = await api.updatePage(id, fields);
      writes.end(id);
      setModel((model) => updatePage(model, id, saved));
      return true;
    } catch (error) {
      writes.end(id);
      const restore = Object.fromEntries(
        Object.keys(optimistic).map((key) => [key, before[key as keyof TreePage]]),
      );
      setModel((model) => updatePage(model, id, restore));
      onError(failureText(failure, error));
      void resync();
      return false;
    }
  };

  /**
   * Set a status (publish, hide, delete); once stored, offer to undo it. Undo restores the
   * earlier status and the earlier position: the server puts a page whose deletion is undone
   * last among its siblings, so it is moved back to where it was.
   */
  const setStatus = async (
    id: number,
    status: typeof STATUS_PUBLISHED | typeof STATUS_HIDDEN | typeof STATUS_DELETED,
    failure: string,
  ) => {
    const before = page(id);
    const place = locate(state.model, id);
    if (!before || !place) return;
    const stored = await patchPage(id, { status }, { status }, failure);
    if (!stored || !onUndoable) return;
    const name = displayName(before.blocks.name, locale, localeOrder);
    onUndoable(DONE_MESSAGES[status](name), () => void restoreStatus(id, before.status, place));
  };

  const restoreStatus = async (id: number, status: TreePage['status'], place: TreePlace) => {
    if (!(await patchPage(id, { status }, { status }, failure('undo')))) return;
    const at = locate(state.model, id);
    const current = page(id);
    if (!at || !current || at.parentId !== place.parentId) return;
    if (at.index !== place.index)
      setModel((model) => movePage(model, id, place.parentId, place.index));
    const payload = toMovePayload(state.model, id, place);
    if (!isLoaded(state.model, place.parentId) || current.position === payload.position) return;
    writes.begin(id);
    try {
      const saved = await api.movePage(id, payload);
      writes.end(id);
      setModel((model) => updatePage(model, id, saved));
    } catch (error) {
      writes.end(id);
      onError(failureText(failure('undo'), error));
      void resync();
    }
  };

  /** Open or close nodes. Opening a node whose children failed to load tries again. */
  const setCollapsedMany = (ids: readonly number[], open: boolean) => {
    if (ids.length === 0) return;
    const collapsed = { ...state.collapsed };
    for (const id of ids) {
      collapsed[String(id)] = !open;
      if (open) children.forgetFailure(id);
    }
    set({ collapsed });
    if (storage) saveCollapsed(storage, collapsed);
  };
  const setOpen = (id: number, open: boolean) => setCollapsedMany([id], open);

  /** Open the nodes among these that are closed (a search opening paths). */
  const openAll = (ids: readonly number[]) =>
    setCollapsedMany(
      ids.filter((id) => {
        const node = page(id);
        return node !== undefined && isCollapsed(node, state.collapsed);
      }),
      true,
    );

  /**
   * The move call's payload for a page placed under a parent: as it stands under a loaded
   * parent; under another, once its children are loaded (the page keeps the neighbours it was dropped
   * between), or, if they cannot be, with the page put last, past every child the parent has.
   * null: the page is no longer under that parent.
   */
  const settlePayload = async (id: number, parentId: ParentId): Promise<MovePayload | null> => {
    if (!(await whenLoaded(parentId)))
      setModel((model) => movePage(model, id, parentId, Number.MAX_SAFE_INTEGER));
    const at = locate(state.model, id);
    return at && at.parentId === parentId ? toMovePayload(state.model, id, at) : null;
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
      child_count: 0,
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
    // A page put under a closed one (say a leaf, closed by default) must stay in sight.
    const parent = place.parentId === null ? undefined : page(place.parentId);
    if (parent && isCollapsed(parent, state.collapsed)) setOpen(parent.id, true);
    setModel((model) => movePage(model, id, place.parentId, place.index));
    writes.begin(id);
    try {
      const payload = await settlePayload(id, place.parentId);
      if (!payload) throw new Error('The page was moved elsewhere meanwhile');
      // Under a parent whose children could not be loaded the page went last: whatever
      // position the server gives it there is right.
      const exact = isLoaded(state.model, place.parentId);
      const saved = await api.movePage(id, payload);
      writes.end(id);
      setModel((model) => updatePage(model, id, saved));
      const landed =
        saved.parent_page_id === place.parentId && (!exact || saved.position === payload.position);
      if (!landed) void resync();
    } catch (error) {
      writes.end(id);
      setModel((model) => movePage(model, id, origin.parentId, origin.index));
      onError(failureText(failure('move'), error));
      void resync();
    }
  };

  const create = async (tempId: number, name: string) => {
    const draft = page(tempId);
    const place = locate(state.model, tempId);
    if (!draft || !place) return;
    setModel((model) => updatePage(model, tempId, { blocks: { name: { [locale]: name } } }));
    setEditing(tempId, false);
    writes.begin(tempId);
    try {
      const payload = await settlePayload(tempId, place.parentId);
      if (!payload) throw new Error('The new page lost its place');
      const { position } = payload;
      const saved = await api.createPage({
        name,
        status: draft.status,
        news_page: draft.news_page,
        pinned: draft.pinned,
        published_at: draft.published_at,
        parent_page_id: place.parentId,
        position,
      });
      writes.end(tempId);
      set({
        model: replacePage(state.model, tempId, saved),
        savedAs: new Map(state.savedAs).set(tempId, saved.id),
      });
      if (saved.parent_page_id !== place.parentId || saved.position !== position) void resync();
    } catch (error) {
      writes.end(tempId);
      setEditing(tempId, true);
      onError(failureText(failure('create'), error));
      void resync();
    }
  };

  const search = createTreeSearch({
    api,
    getState: () => state,
    set,
    openAll,
    keepSince: (since) => writes.keepSince(since),
    mark: () => writes.mark(),
    onError,
    failure: failure('search'),
  });

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Load what the screen shows open but lacks (nodes opened on an earlier visit). */
    start: () => children.loadOpenNodes(),
    setOpen,
    /** Try again to load a node's children. */
    retryChildren: children.retry,
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
      return patchPage(id, { blocks }, { name }, failure('rename'));
    },
    /** Publish a page that is not published; hide a published one. */
    toggleStatus(id: number) {
      const current = page(id);
      if (!current) return Promise.resolve();
      const status = current.status === STATUS_PUBLISHED ? STATUS_HIDDEN : STATUS_PUBLISHED;
      return setStatus(id, status, failure('status'));
    },
    /** Set status 4 (the caller has asked for confirmation). */
    remove(id: number) {
      return setStatus(id, STATUS_DELETED, failure('delete'));
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
    search: search.search,
    clearSearch: search.clear,
  };
}

function withoutId(ids: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(ids);
  next.delete(id);
  return next;
}
