// Where the tree's focus goes: when the focused page leaves the visible rows, and to the
// first of a search's matches. Pure.
import { isDeleted, isSaved, parentOf } from './model';
import type { TreeModel, TreeRow } from './model';

/** The row holding the tree's focus, with the index it had when it got it. */
export interface FocusedRow {
  id: number | null;
  index: number;
}

/**
 * Return the index of the row that should hold the focus: the focused page's row; for a
 * new page saved meanwhile, its saved row; for a page inside a closed branch, its nearest
 * shown ancestor; for a page that is gone, the row that took its place (for a new page
 * that was given up, the row above it).
 */
export function focusTarget(
  rows: readonly TreeRow[],
  model: TreeModel,
  focused: FocusedRow,
  savedAs: ReadonlyMap<number, number>,
): number {
  const find = (id: number | null) => rows.findIndex((row) => row.id === id);
  const own = find(focused.id);
  if (own !== -1 || focused.id === null) return Math.max(own, 0);
  const successor = savedAs.get(focused.id);
  if (successor !== undefined && find(successor) !== -1) return find(successor);
  const page = model.pages.get(focused.id);
  if (page && !isDeleted(page)) {
    for (let id = parentOf(model, page.id); id !== null; id = parentOf(model, id)) {
      const index = find(id);
      if (index !== -1) return index;
    }
  }
  const fallback = isSaved(focused.id) ? focused.index : focused.index - 1;
  return Math.max(0, Math.min(fallback, rows.length - 1));
}

/** Return the index of the first row, in the tree's order, showing one of these pages (else -1). */
export function firstShownIndex(rows: readonly TreeRow[], ids: readonly number[]): number {
  const wanted = new Set(ids);
  return rows.findIndex((row) => row.id !== null && wanted.has(row.id));
}
