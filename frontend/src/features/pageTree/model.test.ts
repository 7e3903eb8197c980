// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  appendPosition,
  buildTree,
  countLabel,
  defaultCollapsed,
  descendantCount,
  flattenVisible,
  loadCollapsed,
  movePage,
  openNodes,
  saveCollapsed,
  serverPosition,
  shownChildCount,
  statusLabel,
  updatePage,
  visibleChildIds,
} from './model';
import type { CollapsedMap } from './model';
import { treePage } from './test/fixtures';

function shownIds(pages: Parameters<typeof buildTree>[0], collapsed: CollapsedMap = {}) {
  return flattenVisible(buildTree(pages), collapsed).map((row) => row.id);
}

describe('statusLabel', () => {
  it.each([
    [0, 'Draft'],
    [1, 'Reviewed'],
    [2, null],
    [3, 'Hidden'],
    [4, 'Deleted'],
  ] as const)('status %i shows %s', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });
});

describe('countLabel', () => {
  it.each([
    [1, '(1 item)'],
    [2, '(2 items)'],
    [10, '(10 items)'],
  ])('%i children read %s', (count, label) => {
    expect(countLabel(count)).toBe(label);
  });
});

describe('buildTree and flattenVisible', () => {
  it('orders siblings by position and puts the root first', () => {
    const pages = [treePage(2, null, 2), treePage(1, null, 1), treePage(3, null, 3)];
    expect(shownIds(pages)).toEqual([null, 1, 2, 3]);
  });

  it('hides deleted pages and their children', () => {
    const pages = [
      treePage(1, null, 1, { status: 4 }),
      treePage(2, 1, 1),
      treePage(3, null, 2),
      treePage(4, 3, 1, { status: 4 }),
    ];
    expect(shownIds(pages, { 3: false })).toEqual([null, 3]);
  });

  it('leaves out pages whose parent is not in the list', () => {
    expect(shownIds([treePage(1, null, 1), treePage(7, 99, 1), treePage(8, 7, 1)])).toEqual([
      null,
      1,
    ]);
  });

  it('sorts news children pinned first, then newest published_at', () => {
    const pages = [
      treePage(1, null, 1, { news_page: true }),
      treePage(2, 1, 1, { published_at: '2026-01-01T00:00:00Z' }),
      treePage(3, 1, 2, { published_at: '2026-03-01T00:00:00Z' }),
      treePage(4, 1, 3, { published_at: '2025-01-01T00:00:00Z', pinned: true }),
      treePage(5, 1, 4, { published_at: null }),
      treePage(6, 1, 5, { published_at: '2026-02-01T00:00:00Z' }),
    ];
    expect(visibleChildIds(buildTree(pages), 1)).toEqual([4, 3, 6, 2, 5]);
  });

  it('keeps position order for children of ordinary pages', () => {
    const pages = [
      treePage(1, null, 1),
      treePage(2, 1, 1, { published_at: '2020-01-01T00:00:00Z' }),
      treePage(3, 1, 2, { pinned: true }),
    ];
    expect(visibleChildIds(buildTree(pages), 1)).toEqual([2, 3]);
  });

  it('reports depth, counts and set positions', () => {
    const pages = [treePage(1, null, 1), treePage(2, 1, 1), treePage(3, 1, 2), treePage(4, 2, 1)];
    const rows = flattenVisible(buildTree(pages), {});
    expect(
      rows.map(({ id, depth, collapsed, childCount, posInSet, setSize }) => ({
        id,
        depth,
        collapsed,
        childCount,
        posInSet,
        setSize,
      })),
    ).toEqual([
      { id: null, depth: 0, collapsed: false, childCount: 1, posInSet: 1, setSize: 1 },
      { id: 1, depth: 1, collapsed: false, childCount: 2, posInSet: 1, setSize: 1 },
      { id: 2, depth: 2, collapsed: true, childCount: 1, posInSet: 1, setSize: 2 },
      { id: 3, depth: 2, collapsed: false, childCount: 0, posInSet: 2, setSize: 2 },
    ]);
  });
});

describe('collapsed defaults', () => {
  it.each([
    ['a top-level page', treePage(1, null, 1), false],
    ['a top-level news page', treePage(1, null, 1, { news_page: true }), true],
    ['a page with a parent', treePage(2, 1, 1), true],
    ['a news page with a parent', treePage(2, 1, 1, { news_page: true }), true],
  ])('%s is collapsed: %s', (_, page, expected) => {
    expect(defaultCollapsed(page)).toBe(expected);
  });

  it('lets stored choices override the default', () => {
    const pages = [treePage(1, null, 1), treePage(2, 1, 1), treePage(3, 2, 1)];
    expect(shownIds(pages)).toEqual([null, 1, 2]);
    expect(shownIds(pages, { 2: false })).toEqual([null, 1, 2, 3]);
    expect(shownIds(pages, { 1: true })).toEqual([null, 1]);
  });
});

describe('collapsed storage', () => {
  it('round-trips through the collapsedPages key', () => {
    saveCollapsed(window.localStorage, { 5: true, 6: false });
    expect(window.localStorage.getItem('collapsedPages')).toBe('{"5":true,"6":false}');
    expect(loadCollapsed(window.localStorage)).toEqual({ 5: true, 6: false });
  });

  it.each(['not json', '[1,2]', 'null', '{"5":"yes"}'])('ignores malformed value %s', (raw) => {
    window.localStorage.setItem('collapsedPages', raw);
    expect(loadCollapsed(window.localStorage)).toEqual({});
  });
});

describe('movePage', () => {
  const pages = [treePage(1, null, 1), treePage(2, null, 2), treePage(3, 1, 1)];

  it('moves a page to a final index under a new parent', () => {
    const model = movePage(buildTree(pages), 2, 1, 0);
    expect(model.children.get(1)).toEqual([2, 3]);
    expect(model.children.get(null)).toEqual([1]);
    expect(model.pages.get(2)?.parent_page_id).toBe(1);
  });

  it('refuses to move a page under its own descendant', () => {
    const model = buildTree(pages);
    expect(movePage(model, 1, 3, 0)).toBe(model);
  });
});

describe('a tree loaded in parts', () => {
  // 1 (top level, open) › 2 (collapsed, 3 children not loaded), 3 (no children);
  // 4 (top level, open, 2 children not loaded).
  const parts = () =>
    buildTree([
      treePage(1, null, 1),
      treePage(2, 1, 1, { child_count: 3 }),
      treePage(3, 1, 2),
      treePage(4, null, 2, { child_count: 2 }),
    ]);

  it('counts a node loaded when every child its child_count promises is there', () => {
    expect([...parts().loaded]).toEqual([null, 1, 3]);
  });

  it('counts the children of a node not loaded from child_count', () => {
    const model = parts();
    expect(shownChildCount(model, 2)).toBe(3);
    expect(shownChildCount(model, 1)).toBe(2);
    const rows = flattenVisible(model, {});
    expect(rows.map(({ id, collapsed, childCount }) => ({ id, collapsed, childCount }))).toEqual([
      { id: null, collapsed: false, childCount: 2 },
      { id: 1, collapsed: false, childCount: 2 },
      { id: 2, collapsed: true, childCount: 3 },
      { id: 3, collapsed: false, childCount: 0 },
      // Open by default, its children on their way.
      { id: 4, collapsed: false, childCount: 2 },
    ]);
  });

  it('names the shown open nodes with children, loaded or not', () => {
    expect(openNodes(parts(), {})).toEqual([1, 4]);
    expect(openNodes(parts(), { 2: false, 4: true })).toEqual([1, 2]);
    expect(openNodes(parts(), { 1: true })).toEqual([4]);
  });

  it('keeps counting the children of a node not loaded as pages move in and out', () => {
    const into = movePage(parts(), 3, 2, 0);
    expect(into.pages.get(2)?.child_count).toBe(4);
    expect(shownChildCount(into, 2)).toBe(4);
    const out = movePage(into, 3, 1, 1);
    expect(out.pages.get(2)?.child_count).toBe(3);
    // A loaded node counts what it holds; its record is left alone.
    expect(out.pages.get(1)?.child_count).toBe(0);
    expect(shownChildCount(out, 1)).toBe(2);
  });

  it('counts a deleted child out of a parent not loaded, and back in when restored', () => {
    const model = buildTree([treePage(1, null, 1, { child_count: 2 }), treePage(2, 1, 1)]);
    const deleted = updatePage(model, 2, { status: 4 });
    expect(shownChildCount(deleted, 1)).toBe(1);
    expect(shownChildCount(updatePage(deleted, 2, { status: 2 }), 1)).toBe(2);
  });

  it('puts a page past every child of a parent not loaded', () => {
    const model = parts();
    expect(appendPosition(model, 3, 2)).toBe(4);
    // Placed there already, the page is in the count once.
    expect(appendPosition(movePage(model, 3, 2, 0), 3, 2)).toBe(4);
    // Loaded: counted exactly, deleted and unsaved siblings not.
    expect(appendPosition(model, 4, 1)).toBe(3);
    expect(serverPosition(model, 4, 1, 1)).toBe(2);
  });

  it('returns the ancestors of a page, the top-level one first', () => {
    const model = buildTree([treePage(1, null, 1), treePage(2, 1, 1), treePage(3, 2, 1)]);
    expect(ancestorIds(model, 3)).toEqual([1, 2]);
    expect(ancestorIds(model, 1)).toEqual([]);
  });
});

describe('descendantCount', () => {
  // 1 ─ 2 ─ 4
  //   └ 3      5 (deleted, under 1)   6 (top level, not loaded: 3 children, 1 found)
  //                                      └ 7 (found by a search, 2 children of its own unknown)
  const pages = [
    treePage(1, null, 1, { child_count: 2 }),
    treePage(2, 1, 1, { child_count: 1 }),
    treePage(3, 1, 2),
    treePage(4, 2, 1),
    treePage(5, 1, 3, { status: 4 }),
    treePage(6, null, 2, { child_count: 3 }),
    treePage(7, 6, 1, { child_count: 2 }),
    treePage(8, null, 3),
  ];
  it.each([
    ['a page with children and grandchildren, all loaded', 1, { count: 3, exact: true }],
    ['a page with one child', 2, { count: 1, exact: true }],
    ['a page without children', 8, { count: 0, exact: true }],
    [
      'a page whose children are not all loaded: at least its child_count',
      6,
      { count: 5, exact: false },
    ],
    ['a found page whose children are not loaded', 7, { count: 2, exact: false }],
  ])('%s', (_, id, expected) => {
    expect(descendantCount(buildTree(pages), id)).toEqual(expected);
  });

  it('leaves out new pages not saved yet', () => {
    expect(descendantCount(buildTree([...pages, treePage(-1, 8, 1)]), 8)).toEqual({
      count: 0,
      exact: true,
    });
  });
});
