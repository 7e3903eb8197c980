// Bringing the server's answers into a partly loaded tree: one node's children (the node is
// then loaded) and search results (matches with their ancestors). Pure functions.
import type { TreePage } from './types';
import {
  byPosition,
  holdsAllChildren,
  insertPage,
  isDeleted,
  isSaved,
  locate,
  parentOf,
} from './model';
import type { ParentId, TreeModel } from './model';

/**
 * True for pages whose local record and place win over an answer: new pages not saved
 * yet, and pages with a call on its way (their own answer will settle them).
 */
export type KeepLocal = (id: number) => boolean;

/**
 * Put a kept page into a merged child list beside the neighbours it had: after the nearest
 * earlier one still listed, else before the nearest later one, else last.
 */
function placeBesideNeighbours(list: number[], local: readonly number[], id: number): void {
  const at = local.indexOf(id);
  for (let i = at - 1; i >= 0; i -= 1) {
    const index = list.indexOf(local[i] ?? 0);
    if (index !== -1) {
      list.splice(index + 1, 0, id);
      return;
    }
  }
  for (let i = at + 1; i < local.length; i += 1) {
    const index = list.indexOf(local[i] ?? 0);
    if (index !== -1) {
      list.splice(index, 0, id);
      return;
    }
  }
  list.push(id);
}

/**
 * Merge a node's children as the server listed them; the node is then loaded. The server's
 * order and records win, except for kept pages (see KeepLocal): those stay where they are.
 * Pages this node held that the server no longer lists under it were moved or removed by
 * someone else and leave it. A node no longer in the tree is left alone.
 */
export function mergeChildren(
  model: TreeModel,
  parentId: ParentId,
  records: readonly TreePage[],
  keep: KeepLocal,
): TreeModel {
  return mergeChildLists(model, new Map([[parentId, records]]), keep);
}

/**
 * Merge several nodes' children (one answer for many nodes), node by node in the map's
 * order, as mergeChildren would one after the other; the tree is copied once, not per node.
 */
export function mergeChildLists(
  model: TreeModel,
  lists: ReadonlyMap<ParentId, readonly TreePage[]>,
  keep: KeepLocal,
): TreeModel {
  const present = [...lists.keys()].some((id) => id === null || model.pages.has(id));
  if (!present) return model;
  const pages = new Map(model.pages);
  const children = new Map(model.children);
  const loaded = new Set(model.loaded);
  // The tree as merged so far: what parentOf reads.
  const current: TreeModel = { pages, children, loaded };
  for (const [parentId, records] of lists) {
    if (parentId !== null && !pages.has(parentId)) continue;
    const local = children.get(parentId) ?? [];
    const list: number[] = [];
    for (const record of [...records].sort(byPosition)) {
      const known = pages.has(record.id);
      if (keep(record.id) && known) continue;
      const elsewhere = known ? parentOf(current, record.id) : parentId;
      if (elsewhere !== parentId) {
        const ids = children.get(elsewhere) ?? [];
        children.set(
          elsewhere,
          ids.filter((id) => id !== record.id),
        );
      }
      pages.set(record.id, { ...record, parent_page_id: parentId });
      list.push(record.id);
    }
    const listed = new Set(list);
    for (const id of local) {
      if (listed.has(id)) continue;
      if (keep(id)) placeBesideNeighbours(list, local, id);
      else pages.delete(id);
    }
    children.set(parentId, list);
    loaded.add(parentId);
  }
  return current;
}

/**
 * Merge search results (matches with all their ancestors). Pages not known yet join their
 * parent's list by position, and that list stays not loaded unless all its children are now
 * known; known pages get the fresh record but keep their place (a resync settles moves
 * made elsewhere).
 */
export function mergeFound(
  model: TreeModel,
  records: readonly TreePage[],
  keep: KeepLocal,
): TreeModel {
  const pages = new Map(model.pages);
  const children = new Map(model.children);
  // Ancestors first: a page can only join a parent that is already in the tree.
  let waiting = [...records].sort(byPosition);
  while (waiting.length > 0) {
    const next: TreePage[] = [];
    for (const record of waiting) {
      const parentId = record.parent_page_id;
      const known = pages.get(record.id);
      if (known) {
        if (!keep(record.id))
          pages.set(record.id, { ...record, parent_page_id: known.parent_page_id });
      } else if (parentId === null || pages.has(parentId)) {
        pages.set(record.id, record);
        const siblings = [...(children.get(parentId) ?? [])];
        const before = siblings.findIndex((id) => {
          const sibling = pages.get(id);
          return sibling !== undefined && isSaved(id) && byPosition(record, sibling) < 0;
        });
        siblings.splice(before === -1 ? siblings.length : before, 0, record.id);
        children.set(parentId, siblings);
      } else {
        next.push(record);
      }
    }
    // Whatever is left has an ancestor missing from the answer: it cannot be placed.
    if (next.length === waiting.length) break;
    waiting = next;
  }
  // A node of the answer whose every child is now known is loaded (a path of only children).
  const loaded = new Set(model.loaded);
  for (const record of records) {
    if (pages.has(record.id) && holdsAllChildren(record, children.get(record.id) ?? [], pages))
      loaded.add(record.id);
  }
  return { pages, children, loaded };
}

/**
 * Return the ids of the pages a search found, as against the ancestors that came with
 * them: every page of the answer that is no other's parent there, and every page whose
 * name contains the text in some locale.
 */
export function searchMatches(records: readonly TreePage[], query: string): number[] {
  const text = query.trim().toLocaleLowerCase();
  const parents = new Set(records.map((record) => record.parent_page_id));
  return records
    .filter(
      (record) =>
        !isDeleted(record) &&
        (!parents.has(record.id) ||
          Object.values(record.blocks.name).some((name) =>
            name.toLocaleLowerCase().includes(text),
          )),
    )
    .map((record) => record.id);
}

/** Rebuild the tree from the server's pages, keeping new unsaved pages where they were. */
export function withUnsavedPages(server: TreeModel, local: TreeModel): TreeModel {
  let model = server;
  for (const [id, page] of local.pages) {
    const place = isSaved(id) ? null : locate(local, id);
    if (place && (place.parentId === null || model.pages.has(place.parentId)))
      model = insertPage(model, page, place.parentId, place.index);
  }
  return model;
}
