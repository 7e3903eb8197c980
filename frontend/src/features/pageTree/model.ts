// The page tree as plain data (spec §4 "Tree node"): built from the flat
// page list, with pure operations; components and the store stay thin.
// The tree is loaded in parts: a node's children are known only once loaded (`loaded`);
// until then the node says how many it holds from its record's child_count.
import { t } from '../../i18n';
import { STATUS_DELETED, STATUS_PUBLISHED, statusName } from '../../lib/page';
import type { PageStatus } from '../../lib/page';
import type { TreePage } from './types';

/** null is the root 'All Pages'. */
export type ParentId = number | null;

export interface TreeModel {
  readonly pages: ReadonlyMap<number, TreePage>;
  /** Child order per parent, deleted pages included (hidden; the server keeps them after the shown ones). */
  readonly children: ReadonlyMap<ParentId, readonly number[]>;
  /**
   * The nodes whose whole child list is known (null: the top level, always). Any other
   * node's list holds only the children found so far (by a search), or none.
   */
  readonly loaded: ReadonlySet<ParentId>;
}

/** Explicit open/closed choices by page id, as stored under COLLAPSED_STORAGE_KEY. */
export type CollapsedMap = Readonly<Record<string, boolean>>;

export interface TreeRow {
  /** null for the root 'All Pages' row. */
  id: number | null;
  parentId: ParentId;
  /** 0 for the root, 1 for top-level pages. */
  depth: number;
  collapsed: boolean;
  childCount: number;
  posInSet: number;
  setSize: number;
}

const COLLAPSED_STORAGE_KEY = 'collapsedPages';

/** Return the status label the tree shows: every status but Published. */
export function statusLabel(status: PageStatus): string | null {
  return status === STATUS_PUBLISHED ? null : statusName(status);
}

/** Return the count shown beside a collapsed node with children. */
export function countLabel(count: number): string {
  return t('tree.itemCount', { count });
}

/**
 * Build the tree from a part of the server's pages: the whole top level and the children
 * of some nodes. A node counts as loaded when every child its child_count promises is in
 * the list. Pages whose parent is not in the list have no place to show and are left out.
 */
export function buildTree(pages: readonly TreePage[]): TreeModel {
  const known = new Set(pages.map((page) => page.id));
  const byId = new Map<number, TreePage>();
  const grouped = new Map<ParentId, TreePage[]>();
  for (const page of pages) {
    const parentId = page.parent_page_id;
    if ((parentId !== null && !known.has(parentId)) || byId.has(page.id)) continue;
    byId.set(page.id, page);
    const siblings = grouped.get(parentId) ?? [];
    siblings.push(page);
    grouped.set(parentId, siblings);
  }
  const children = new Map<ParentId, readonly number[]>();
  for (const [parentId, siblings] of grouped) {
    siblings.sort(byPosition);
    children.set(
      parentId,
      siblings.map((page) => page.id),
    );
  }
  const loaded = new Set<ParentId>([null]);
  for (const page of byId.values())
    if (holdsAllChildren(page, children.get(page.id) ?? [], byId)) loaded.add(page.id);
  return { pages: byId, children, loaded };
}

/**
 * True when a node's known children are all it has: its shown children (saved, not
 * deleted) are at least as many as its record's child_count. Such a node counts as loaded.
 */
export function holdsAllChildren(
  page: TreePage,
  childIds: readonly number[],
  pages: ReadonlyMap<number, TreePage>,
): boolean {
  const shown = childIds.filter((id) => {
    const child = pages.get(id);
    return child !== undefined && isSaved(id) && !isDeleted(child);
  });
  return shown.length >= page.child_count;
}

/** Sibling order as the server keeps it. */
export function byPosition(a: TreePage, b: TreePage): number {
  return a.position - b.position || a.id - b.id;
}

/** True when every child of the node is known (the top level always is). */
export function isLoaded(model: TreeModel, parentId: ParentId): boolean {
  return model.loaded.has(parentId);
}

/**
 * Return how many children a node shows: those known when it is loaded, else what its
 * record says (or the known ones, when a search found more than the record knew of).
 */
export function shownChildCount(model: TreeModel, parentId: ParentId): number {
  const known = visibleChildIds(model, parentId).length;
  if (parentId === null || isLoaded(model, parentId)) return known;
  return Math.max(known, model.pages.get(parentId)?.child_count ?? 0);
}

/** True for pages the server knows; new pages not saved yet have negative ids. */
export function isSaved(id: number): boolean {
  return id > 0;
}

/**
 * Return the 1-based position the server gives a page placed at a final 0-based index of
 * a parent's child list. The server counts the siblings the tree shows: neither deleted
 * ones (the tree keeps them in its child lists, hidden) nor new pages not saved yet.
 * Exact only for a loaded parent (see appendPosition for the others).
 */
export function serverPosition(
  model: TreeModel,
  id: number,
  parentId: ParentId,
  index: number,
): number {
  const siblings = (model.children.get(parentId) ?? []).filter((childId) => childId !== id);
  let position = 1;
  for (const childId of siblings.slice(0, Math.max(0, index))) {
    const sibling = model.pages.get(childId);
    if (isSaved(childId) && sibling && !isDeleted(sibling)) position += 1;
  }
  return position;
}

/**
 * Return a position that puts a page last under a parent whose children are not all known:
 * one past every child the parent shows (the server appends anything past the end).
 */
export function appendPosition(model: TreeModel, id: number, parentId: ParentId): number {
  const others = visibleChildIds(model, parentId).filter((childId) => childId !== id);
  if (parentId === null || isLoaded(model, parentId)) return others.length + 1;
  // The parent's child_count counts the page itself once it is placed there.
  const page = model.pages.get(id);
  const counted = page && isSaved(id) && !isDeleted(page) && parentOf(model, id) === parentId;
  const count = (model.pages.get(parentId)?.child_count ?? 0) - (counted ? 1 : 0);
  return Math.max(others.length, count) + 1;
}

export function isDeleted(page: TreePage): boolean {
  return page.status === STATUS_DELETED;
}

function publishedTime(page: TreePage): number {
  return page.published_at ? Date.parse(page.published_at) : Number.NEGATIVE_INFINITY;
}

/** Order news items: pinned first, then newest published_at first. */
function compareNewsItems(a: TreePage, b: TreePage): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  return publishedTime(b) - publishedTime(a);
}

/** Return the ids of a parent's shown children: deleted ones hidden, news items sorted. */
export function visibleChildIds(model: TreeModel, parentId: ParentId): number[] {
  const ids = model.children.get(parentId) ?? [];
  const pages: TreePage[] = [];
  for (const id of ids) {
    const page = model.pages.get(id);
    if (page && !isDeleted(page)) pages.push(page);
  }
  const parent = parentId === null ? undefined : model.pages.get(parentId);
  if (parent?.news_page) pages.sort(compareNewsItems);
  return pages.map((page) => page.id);
}

/** How many pages lie below a page, as far as the tree knows them. */
export interface DescendantCount {
  count: number;
  /** False when some node below is not loaded: then there are at least `count`. */
  exact: boolean;
}

/**
 * Count the pages below a page that go with it when it is deleted: its shown, saved children
 * and theirs. A node whose children are not loaded counts as many as its record says, and
 * whatever lies below those is unknown, so the count is then a lower bound.
 */
export function descendantCount(model: TreeModel, id: number): DescendantCount {
  let count = 0;
  let exact = true;
  const walk = (parentId: number) => {
    const known = visibleChildIds(model, parentId).filter(isSaved);
    const promised = isLoaded(model, parentId) ? 0 : (model.pages.get(parentId)?.child_count ?? 0);
    if (promised > known.length) exact = false;
    count += Math.max(known.length, promised);
    known.forEach(walk);
  };
  walk(id);
  return { count, exact };
}

/** Say what deleting a page takes with it: its name and the pages below it. */
export function deletionNote(name: string, { count, exact }: DescendantCount): string {
  // The name is isolated, so a right-to-left name keeps its place in a left-to-right sentence.
  const params = { name: `\u2068${name}\u2069`, count };
  return exact ? t('tree.deleteWhat', params) : t('tree.deleteAtLeast', params);
}

/** Collapsed by default: news pages and pages with a parent. */
export function defaultCollapsed(page: TreePage): boolean {
  return page.news_page || page.parent_page_id !== null;
}

export function isCollapsed(page: TreePage, collapsed: CollapsedMap): boolean {
  return collapsed[String(page.id)] ?? defaultCollapsed(page);
}

/** Return the rows a person sees, in order: only open branches are walked. */
export function flattenVisible(model: TreeModel, collapsed: CollapsedMap): TreeRow[] {
  const topLevel = visibleChildIds(model, null);
  const rows: TreeRow[] = [
    {
      id: null,
      parentId: null,
      depth: 0,
      collapsed: false,
      childCount: topLevel.length,
      posInSet: 1,
      setSize: 1,
    },
  ];
  const walk = (ids: number[], parentId: ParentId, depth: number) => {
    // A node still loading shows the children found so far; the set is as big as it says.
    const setSize = Math.max(ids.length, shownChildCount(model, parentId));
    ids.forEach((id, index) => {
      const page = model.pages.get(id);
      if (!page) return;
      const childCount = shownChildCount(model, id);
      const closed = childCount > 0 && isCollapsed(page, collapsed);
      rows.push({
        id,
        parentId,
        depth,
        collapsed: closed,
        childCount,
        posInSet: index + 1,
        setSize,
      });
      if (!closed) walk(visibleChildIds(model, id), id, depth + 1);
    });
  };
  walk(topLevel, null, 1);
  return rows;
}

/**
 * Return the shown nodes that are open and hold children, top to bottom: those whose
 * children are not loaded yet have to be asked for; those loaded are what a resync re-reads.
 */
export function openNodes(model: TreeModel, collapsed: CollapsedMap): number[] {
  const found: number[] = [];
  const walk = (parentId: ParentId) => {
    for (const id of visibleChildIds(model, parentId)) {
      const page = model.pages.get(id);
      if (!page || shownChildCount(model, id) === 0 || isCollapsed(page, collapsed)) continue;
      found.push(id);
      walk(id);
    }
  };
  walk(null);
  return found;
}

/** Return the ids of a page's ancestors, the top-level one first. */
export function ancestorIds(model: TreeModel, id: number): number[] {
  const ids: number[] = [];
  for (let current = parentOf(model, id); current !== null; current = parentOf(model, current))
    ids.unshift(current);
  return ids;
}

/** Return where a page sits: its parent and 0-based index in the full child list. */
export function locate(model: TreeModel, id: number): { parentId: ParentId; index: number } | null {
  if (!model.pages.has(id)) return null;
  const parentId = parentOf(model, id);
  const index = (model.children.get(parentId) ?? []).indexOf(id);
  return index === -1 ? null : { parentId, index };
}

/** Return the parent of a page in the tree (null for top-level pages). */
export function parentOf(model: TreeModel, id: number): ParentId {
  const parentId = model.pages.get(id)?.parent_page_id ?? null;
  return parentId !== null && model.pages.has(parentId) ? parentId : null;
}

/** True when candidate is id itself or one of its descendants. */
function isSelfOrDescendant(model: TreeModel, id: number, candidate: ParentId): boolean {
  for (let current = candidate; current !== null; current = parentOf(model, current)) {
    if (current === id) return true;
  }
  return false;
}

function withChildren(model: TreeModel, parentId: ParentId, ids: readonly number[]): TreeModel {
  const children = new Map(model.children);
  children.set(parentId, ids);
  return { ...model, children };
}

/**
 * Count a shown, saved page in or out of a parent whose children are not loaded: its
 * child_count is then all the tree knows of how many the parent holds.
 */
function recount(model: TreeModel, page: TreePage, parentId: ParentId, delta: 1 | -1): TreeModel {
  if (parentId === null || isLoaded(model, parentId) || !isSaved(page.id) || isDeleted(page))
    return model;
  const parent = model.pages.get(parentId);
  if (!parent) return model;
  const pages = new Map(model.pages);
  pages.set(parentId, { ...parent, child_count: Math.max(0, parent.child_count + delta) });
  return { ...model, pages };
}

/** Remove a page from its parent's child list (its record and subtree stay). */
export function detach(model: TreeModel, id: number): TreeModel {
  const place = locate(model, id);
  const page = model.pages.get(id);
  if (!place || !page) return model;
  const ids = (model.children.get(place.parentId) ?? []).filter((childId) => childId !== id);
  return recount(withChildren(model, place.parentId, ids), page, place.parentId, -1);
}

/** Put a page at a 0-based index of a parent's child list (past the end appends). */
function attach(model: TreeModel, page: TreePage, parentId: ParentId, index: number): TreeModel {
  const ids = [...(model.children.get(parentId) ?? [])];
  ids.splice(Math.max(0, Math.min(index, ids.length)), 0, page.id);
  const next = withChildren(model, parentId, ids);
  const pages = new Map(model.pages);
  const placed = { ...page, parent_page_id: parentId };
  pages.set(page.id, placed);
  return recount({ ...next, pages }, placed, parentId, 1);
}

/** Move a page to a final 0-based index among a parent's children. */
export function movePage(
  model: TreeModel,
  id: number,
  parentId: ParentId,
  index: number,
): TreeModel {
  const page = model.pages.get(id);
  if (!page || isSelfOrDescendant(model, id, parentId)) return model;
  return attach(detach(model, id), page, parentId, index);
}

/** Insert a new page record. */
export function insertPage(
  model: TreeModel,
  page: TreePage,
  parentId: ParentId,
  index: number,
): TreeModel {
  return attach(model, page, parentId, index);
}

/** Remove a page record and its place in the tree. */
export function removePage(model: TreeModel, id: number): TreeModel {
  const next = detach(model, id);
  const pages = new Map(next.pages);
  pages.delete(id);
  return { ...next, pages };
}

/** Merge fields into a page record, keeping its place in the tree. */
export function updatePage(model: TreeModel, id: number, patch: Partial<TreePage>): TreeModel {
  const page = model.pages.get(id);
  if (!page) return model;
  const pages = new Map(model.pages);
  const updated = { ...page, ...patch, id, parent_page_id: page.parent_page_id };
  pages.set(id, updated);
  const next = { ...model, pages };
  // Deleting (or restoring) a page changes how many its parent shows.
  if (isDeleted(page) === isDeleted(updated)) return next;
  const parentId = parentOf(model, id);
  return isDeleted(updated)
    ? recount(next, page, parentId, -1)
    : recount(next, updated, parentId, 1);
}

/**
 * Replace a page record under a new id at the same place (a saved new page). A copy of
 * the saved page that a load brought in meanwhile makes way for it.
 */
export function replacePage(model: TreeModel, oldId: number, page: TreePage): TreeModel {
  const place = locate(model, oldId);
  if (!place) return model;
  const withoutCopy = model.pages.has(page.id) ? removePage(model, page.id) : model;
  const at = locate(withoutCopy, oldId) ?? place;
  return attach(removePage(withoutCopy, oldId), page, at.parentId, at.index);
}

/** Read the stored open/closed choices, ignoring anything malformed. */
export function loadCollapsed(storage: Pick<Storage, 'getItem'>): CollapsedMap {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(COLLAPSED_STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([, value]) => typeof value === 'boolean'),
    );
  } catch {
    return {};
  }
}

export function saveCollapsed(storage: Pick<Storage, 'setItem'>, collapsed: CollapsedMap): void {
  try {
    storage.setItem(COLLAPSED_STORAGE_KEY, JSON.stringify(collapsed));
  } catch {
    // Storage may be full or disabled; the tree still works for this visit.
  }
}
