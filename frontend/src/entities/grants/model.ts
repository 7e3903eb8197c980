// The grants screen's pure logic: the ticked pages as the comma-separated id list of spec §1,
// the tree read a node at a time, and what a user holds on each page (inherited or granted).
import type { Grant, PagePermission, TreeScreenPage } from '../../api/types';
import { STATUS_DELETED } from '../../lib/page';

/** A page or the root (null), as a grant names it. */
export type Target = number | null;
/** The root's entry in the id list (the grants call's own word for it). */
export const ROOT = 'root';
export const PERMISSIONS: readonly PagePermission[] = ['edit', 'create', 'submit'];

/** The label of a right, as the tree's badges and the toasts name it. */
export const RIGHT_LABELS = {
  edit: 'grants.right.edit',
  create: 'grants.right.create',
  submit: 'grants.right.submit',
} as const satisfies Record<PagePermission, string>;

/** A page of the grants tree: what the tree reads of the tree screen's shape. */
export type GrantPage = Pick<
  TreeScreenPage,
  'id' | 'parent_page_id' | 'status' | 'blocks' | 'child_count'
>;

// ---- The selection -------------------------------------------------------------------------

/** Tick or untick a box: the list keeps the order the boxes were ticked in. */
export function toggle(selected: readonly Target[], target: Target, on: boolean): Target[] {
  const without = selected.filter((item) => item !== target);
  return on ? [...without, target] : without;
}

/** The comma-separated id list the grants call takes ("12,15,root"); '' when nothing is ticked. */
export function idList(selected: readonly Target[]): string {
  return selected.map((target) => (target === null ? ROOT : String(target))).join(',');
}

// ---- Grants and what they give -------------------------------------------------------------

export type GrantMap = ReadonlyMap<Target, ReadonlySet<PagePermission>>;

/** Index a user's grants by page (null: the root). */
export function grantMap(grants: readonly Grant[]): GrantMap {
  return new Map(grants.map((grant) => [grant.page_id, new Set(grant.permissions)]));
}

/** Where a permission a user holds on a page comes from. */
export type Right =
  | { held: false }
  | { held: true; inherited: false }
  | { held: true; inherited: true; from: Target };

/**
 * What the user holds on a page whose ancestors, from the top level down, are `ancestors`: a
 * grant on the page itself, else the nearest ancestor's, else the root's (a grant holds for
 * everything below it). The root's own rights are never inherited.
 */
export function rightOn(
  grants: GrantMap,
  ancestors: readonly number[],
  target: Target,
  permission: PagePermission,
): Right {
  if (grants.get(target)?.has(permission)) return { held: true, inherited: false };
  if (target === null) return { held: false };
  for (const above of [...ancestors].reverse()) {
    if (grants.get(above)?.has(permission)) return { held: true, inherited: true, from: above };
  }
  if (grants.get(null)?.has(permission)) return { held: true, inherited: true, from: null };
  return { held: false };
}

// ---- The tree, read a node at a time -------------------------------------------------------

export interface GrantTree {
  pages: ReadonlyMap<number, GrantPage>;
  /** Children of the nodes read so far (null: the top level), deleted pages left out. */
  children: ReadonlyMap<Target, readonly number[]>;
}

/** Start the tree from the top level the screen embeds. */
export function treeOf(topLevel: readonly GrantPage[]): GrantTree {
  return withChildren({ pages: new Map(), children: new Map() }, null, topLevel);
}

/** Add a node's children as the server answered them (deleted ones left out). */
export function withChildren(
  tree: GrantTree,
  parent: Target,
  children: readonly GrantPage[],
): GrantTree {
  const shown = children.filter((page) => page.status !== STATUS_DELETED);
  const pages = new Map(tree.pages);
  for (const page of shown) pages.set(page.id, page);
  const ids = shown.map((page) => page.id);
  return { pages, children: new Map(tree.children).set(parent, ids) };
}

/** The ids of a page's ancestors, from the top level down (those read so far). */
export function ancestorsOf(tree: GrantTree, id: number): number[] {
  const ancestors: number[] = [];
  let parent = tree.pages.get(id)?.parent_page_id ?? null;
  while (parent !== null && !ancestors.includes(parent)) {
    ancestors.unshift(parent);
    parent = tree.pages.get(parent)?.parent_page_id ?? null;
  }
  return ancestors;
}

export interface GrantRow {
  target: Target;
  depth: number;
  /** How many children the page has (the root: whether any top-level page exists). */
  childCount: number;
  open: boolean;
  ancestors: number[];
}

/** The rows shown: the root, then every page under an open node, depth first. */
export function visibleRows(tree: GrantTree, open: ReadonlySet<number>): GrantRow[] {
  const top = tree.children.get(null) ?? [];
  const rows: GrantRow[] = [
    { target: null, depth: 0, childCount: top.length, open: true, ancestors: [] },
  ];
  const visit = (ids: readonly number[], depth: number, ancestors: number[]) => {
    for (const id of ids) {
      const page = tree.pages.get(id);
      if (!page) continue;
      const isOpen = open.has(id);
      rows.push({ target: id, depth, childCount: page.child_count, open: isOpen, ancestors });
      const children = tree.children.get(id);
      if (isOpen && children) visit(children, depth + 1, [...ancestors, id]);
    }
  };
  visit(top, 1, []);
  return rows;
}
