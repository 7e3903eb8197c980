// The state of the page tree store and what its parts (edits, placement, child loading,
// search) are handed to work on it.
import type { TreeApi } from './api';
import type { ChildLoad } from './children';
import type { CollapsedMap, ParentId, TreeModel } from './model';
import type { SearchState } from './search';
import type { FilterState } from './translationFilter';
import type { TreePage } from './types';
import type { WriteLog } from './writes';

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
  /** The pages outdated or missing in the locale, when the tree is filtered to them. */
  filter: FilterState;
}

/** The store as its parts see it: the state, the calls, and the ways to report and recover. */
export interface StoreContext {
  api: TreeApi;
  locale: string;
  localeOrder: readonly string[];
  getState: () => TreeState;
  set: (patch: Partial<TreeState>) => void;
  setModel: (update: (model: TreeModel) => TreeModel) => void;
  setEditing: (id: number, on: boolean) => void;
  page: (id: number) => TreePage | undefined;
  writes: WriteLog;
  onError: (message: string, retry?: () => void) => void;
  /** Re-read what the screen has loaded, after a call failed or landed elsewhere. */
  resync: () => Promise<void>;
}
