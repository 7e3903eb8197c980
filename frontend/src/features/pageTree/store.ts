// Page tree state and its actions: optimistic updates that go back where they were, with a
// toast, when the server refuses or fails. The tree arrives in parts: a node's children are
// loaded when it shows open and they are not known yet. The actions live by concern in
// pageEdits.ts (rename, status, undo), placement.ts (add, move), children.ts (loading) and
// search.ts; this module holds the state and hands them what they work on.
import { STATUS_DELETED, STATUS_HIDDEN, STATUS_PUBLISHED, displayName } from '../../lib/page';
import type { TreePage } from './types';
import type { TreeApi } from './api';
import { createChildLoader } from './children';
import type { BatchLimits } from './children';
import { withUnsavedPages } from './merge';
import { failure } from './messages';
import {
  buildTree,
  isCollapsed,
  isLoaded,
  isSaved,
  loadCollapsed,
  openNodes,
  removePage,
  saveCollapsed,
} from './model';
import type { TreeModel } from './model';
import { createPageEdits } from './pageEdits';
import type { OnUndoable } from './pageEdits';
import { createPlacement } from './placement';
import { IDLE_SEARCH, createTreeSearch } from './search';
import { NO_FILTER, createTranslationFilter } from './translationFilter';
import type { StoreContext, TreeState } from './storeContext';
import { createWriteLog } from './writes';
import { subtreeIds } from './subtree';

export type { TreeState } from './storeContext';

export interface TreeStoreOptions {
  pages: readonly TreePage[];
  locale: string;
  /** The website's locales, the default first: a page without a name in `locale` is named in the first that has one, as the rows name it. */
  localeOrder?: readonly string[];
  api: TreeApi;
  /** Report a failure; `retry`, when given, tries the failed call again. */
  onError: (message: string, retry?: () => void) => void;
  /** Report a publish, hide or delete that went through, with the way to undo it. */
  onUndoable?: OnUndoable;
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
    filter: NO_FILTER,
  };
  const listeners = new Set<() => void>();
  const writes = createWriteLog();
  const getState = () => state;
  const set = (patch: Partial<TreeState>) => {
    state = { ...state, ...patch };
    // Whatever opened a node (a click, a key, a move, a search, a load below a node the
    // person had opened before) makes its children load.
    if (patch.model || patch.collapsed) children.loadOpenNodes();
    listeners.forEach((listener) => listener());
  };
  const page = (id: number) => state.model.pages.get(id);
  const children = createChildLoader({
    api,
    getState,
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

  const context: StoreContext = {
    api,
    locale,
    localeOrder,
    getState,
    set,
    setModel: (update: (model: TreeModel) => TreeModel) => set({ model: update(state.model) }),
    setEditing(id, on) {
      const editing = new Set(state.editing);
      if (on) editing.add(id);
      else editing.delete(id);
      set({ editing });
    },
    page,
    writes,
    onError,
    resync,
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

  const edits = createPageEdits(context, onUndoable);
  const placement = createPlacement(context, {
    setOpen,
    whenLoaded: children.whenLoaded,
    now,
  });
  // Open the nodes among these that are closed (a search or a filter opening paths).
  const openAll = (ids: readonly number[]) =>
    setCollapsedMany(
      ids.filter((id) => {
        const node = page(id);
        return node !== undefined && isCollapsed(node, state.collapsed);
      }),
      true,
    );
  // The translation filter and the name search show a part of the tree the same way.
  const partialTree = {
    api,
    getState,
    set,
    openAll,
    keepSince: (since: number) => writes.keepSince(since),
    mark: () => writes.mark(),
    onError,
    failure: failure('search'),
  };
  const filter = createTranslationFilter({ ...partialTree, locale });
  const search = createTreeSearch(partialTree);

  return {
    getState,
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
    /** Resolves once the page's changes made here are answered (a rename on its way). */
    settled: (id: number) => writes.settled(id),
    startEdit: (id: number) => context.setEditing(id, true),
    /** Leave edit mode; a new unsaved page is removed. */
    cancelEdit(id: number) {
      if (isUnsaved(id))
        set({ model: removePage(state.model, id), editing: withoutId(state.editing, id) });
      else context.setEditing(id, false);
    },
    /** Save a name typed in a row: a new page is created, a saved one renamed. */
    saveName(id: number, name: string): Promise<unknown> {
      return isUnsaved(id) ? placement.create(id, name) : edits.rename(id, name);
    },
    /** Publish a page that is not published; hide a published one. */
    toggleStatus(id: number) {
      const current = page(id);
      if (!current) return Promise.resolve();
      const status = current.status === STATUS_PUBLISHED ? STATUS_HIDDEN : STATUS_PUBLISHED;
      return edits.setStatus(id, status, failure('status'));
    },
    /** Set status 4 (the caller has asked for confirmation). */
    remove(id: number) {
      return edits.setStatus(id, STATUS_DELETED, failure('delete'));
    },
    addChild: placement.addChild,
    addHere: placement.addHere,
    move: placement.move,
    resync,
    /** The name a page's row shows it by ('Untitled' when it has none), for a selection. */
    nameOf: (id: number) => displayName(page(id)?.blocks.name, locale, localeOrder),
    /**
     * A page and the pages below it, at most `limit`, the nodes below not loaded yet loaded
     * first (Select the subtree, issue 33).
     */
    subtree: (id: number, limit: number) =>
      subtreeIds({ getModel: () => state.model, loadAll: children.loadAll }, id, limit),
    search: search.search,
    clearSearch: search.clear,
    /** Show only the pages outdated or missing in the locale (null: every page). */
    filterTranslation: filter.apply,
  };
}

function withoutId(ids: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(ids);
  next.delete(id);
  return next;
}
