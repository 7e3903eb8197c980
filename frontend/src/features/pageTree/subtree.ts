// "Select the subtree" (issue 33): a page and every page below it, for a bulk action. The tree
// loads children lazily and the bulk call takes page ids only, so the nodes below that are not
// loaded yet are loaded first, a level at a time (each level in as few calls as the child
// loader's limits allow), and the walk stops at the selection's limit.
import { isLoaded, isSaved, visibleChildIds } from './model';
import type { ParentId, TreeModel } from './model';

export interface SubtreeContext {
  getModel: () => TreeModel;
  /** Load these nodes' children into the tree; resolve whether every one arrived. */
  loadAll: (parentIds: readonly ParentId[]) => Promise<boolean>;
}

export interface Subtree {
  /** The page first, then the pages below it, a level at a time, in the tree's order. */
  ids: number[];
  /** False when the walk stopped at `limit` with pages left below. */
  complete: boolean;
}

/**
 * Return the ids of a page and of the shown pages below it (deleted ones are not shown, and a
 * new page not saved yet has no id the server knows), loading the nodes not loaded yet; at most
 * `limit`. Rejects when a node's children could not be loaded (the loader has said so).
 */
export async function subtreeIds(
  { getModel, loadAll }: SubtreeContext,
  rootId: number,
  limit: number,
): Promise<Subtree> {
  const ids = [rootId];
  let level = [rootId];
  while (level.length > 0) {
    const before = getModel();
    const missing = level.filter(
      (id) => !isLoaded(before, id) && (before.pages.get(id)?.child_count ?? 0) > 0,
    );
    if (missing.length > 0 && !(await loadAll(missing)))
      throw new Error('The pages below could not be loaded');
    const model = getModel();
    const next: number[] = [];
    for (const parentId of level) {
      for (const id of visibleChildIds(model, parentId)) {
        if (!isSaved(id)) continue;
        if (ids.length >= limit) return { ids, complete: false };
        ids.push(id);
        next.push(id);
      }
    }
    level = next;
  }
  return { ids, complete: true };
}
