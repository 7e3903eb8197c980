import { describe, expect, it } from 'vitest';
import {
  ancestorsOf,
  grantMap,
  idList,
  rightOn,
  toggle,
  treeOf,
  visibleRows,
  withChildren,
} from './model';
import type { GrantPage } from './model';

const page = (
  id: number,
  parent: number | null,
  childCount = 0,
  status: GrantPage['status'] = 0,
) => ({
  id,
  parent_page_id: parent,
  status,
  blocks: { name: { en: `Page ${id}` } },
  child_count: childCount,
});

describe('the selection', () => {
  it.each([
    [[], 12, true, [12], '12'],
    [[12], 15, true, [12, 15], '12,15'],
    [[12, 15], null, true, [12, 15, null], '12,15,root'],
    [[12, 15, null], 15, false, [12, null], '12,root'],
    [[12], 12, true, [12], '12'],
    [[12], 12, false, [], ''],
  ] as const)('%j ticking %s (%s) gives %j: "%s"', (selected, target, on, expected, list) => {
    const next = toggle(selected, target, on);
    expect(next).toEqual(expected);
    expect(idList(next)).toBe(list);
  });
});

describe('rights on a page', () => {
  const grants = grantMap([
    { page_id: null, permissions: ['create'] },
    { page_id: 1, permissions: ['edit'] },
    { page_id: 3, permissions: ['edit', 'create'] },
  ]);

  it.each([
    ['the root, granted there', null, [], 'create', { held: true, inherited: false }],
    ['the root, not granted', null, [], 'edit', { held: false }],
    ['a page granted itself', 1, [], 'edit', { held: true, inherited: false }],
    ['a child, from its parent', 2, [1], 'edit', { held: true, inherited: true, from: 1 }],
    ['a page granted itself below another grant', 3, [1], 'edit', { held: true, inherited: false }],
    ['below a nearer grant', 5, [1, 3], 'edit', { held: true, inherited: true, from: 3 }],
    ['create from the root', 2, [1], 'create', { held: true, inherited: true, from: null }],
    ['nothing held', 7, [6], 'edit', { held: false }],
  ] as const)('%s', (_, target, ancestors, permission, expected) => {
    const right = rightOn(grants, ancestors, target, permission);
    expect(right).toEqual(expected);
  });

  it('holds nothing without grants', () => {
    expect(rightOn(grantMap([]), [1, 2], 3, 'create')).toEqual({ held: false });
  });
});

describe('the lazy tree', () => {
  const top = treeOf([page(1, null, 2), page(2, null), page(9, null, 0, 4)]);

  it('starts from the top level, deleted pages left out', () => {
    expect(visibleRows(top, new Set()).map((row) => [row.target, row.depth])).toEqual([
      [null, 0],
      [1, 1],
      [2, 1],
    ]);
  });

  it('shows the children of open nodes with their ancestors', () => {
    let tree = withChildren(top, 1, [page(3, 1, 1), page(4, 1)]);
    tree = withChildren(tree, 3, [page(5, 3)]);
    const rows = visibleRows(tree, new Set([1, 3]));
    expect(rows.map((row) => [row.target, row.depth, row.ancestors])).toEqual([
      [null, 0, []],
      [1, 1, []],
      [3, 2, [1]],
      [5, 3, [1, 3]],
      [4, 2, [1]],
      [2, 1, []],
    ]);
    expect(ancestorsOf(tree, 5)).toEqual([1, 3]);
    expect(visibleRows(tree, new Set([3])).map((row) => row.target)).toEqual([null, 1, 2]);
  });
});
