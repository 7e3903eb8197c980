// @vitest-environment jsdom
// Nodes that need their children at the same moment (the start, a search opening a path, a
// retry, a resync) are asked in as few calls as the limits allow (GET pages.json?parent_ids=);
// each call's answer is shown as it arrives, and a failed call marks only its own nodes.
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http';
import type { TreeApi } from './api';
import { MAX_PARENT_IDS, byParent } from './api';
import { BATCH_LIMITS, groupForCalls } from './children';
import type { BatchLimits } from './children';
import { flattenVisible } from './model';
import type { ParentId } from './model';
import type { TreeStore } from './store';
import { createTestStore, serverReads, treePage } from './test/fixtures';
import type { TreePage } from './types';

describe('groupForCalls', () => {
  const counts: Record<string, number> = { 1: 500, 2: 500, 3: 500, 4: 500, 5: 500, 6: 3000, 7: 0 };
  const expected = (id: ParentId) => counts[String(id)] ?? 0;

  it('fills a call up to the rows limit, in the order given', () => {
    expect(groupForCalls([1, 2, 3, 4, 5], expected)).toEqual([[1, 2, 3, 4], [5]]);
    expect(groupForCalls([5, 3, 1], expected, { rows: 1000, nodes: 100 })).toEqual([[5, 3], [1]]);
  });

  it('asks a node with more children than the limit alone, and goes on after it', () => {
    expect(groupForCalls([1, 6, 2, 3], expected)).toEqual([[1], [6], [2, 3]]);
  });

  it('counts a node without children as one row, and stops at the nodes limit', () => {
    const many = Array.from({ length: 250 }, (_, i) => 1000 + i);
    const groups = groupForCalls(many, () => 0);
    expect(groups.map((group) => group.length)).toEqual([100, 100, 50]);
    expect(groups.flat()).toEqual(many);
    expect(groupForCalls([7, 7, 7], expected, { rows: 2, nodes: 100 })).toEqual([[7, 7], [7]]);
  });

  it('asks at most what the server answers in one call', () => {
    expect(BATCH_LIMITS.nodes).toBe(MAX_PARENT_IDS);
    expect(groupForCalls([], expected)).toEqual([]);
  });
});

describe('byParent', () => {
  it('splits an answer into each node’s children, with an empty list for a node without any', () => {
    const lists = byParent(
      [5, null, 9],
      [treePage(6, 5, 1), treePage(1, null, 1), treePage(7, 5, 2)],
    );
    expect([...lists.keys()]).toEqual([5, null, 9]);
    expect(lists.get(5)?.map((page) => page.id)).toEqual([6, 7]);
    expect(lists.get(null)?.map((page) => page.id)).toEqual([1]);
    expect(lists.get(9)).toEqual([]);
  });
});

/**
 * Five open top-level pages (1..5) of `width` children each (ids 10·n + k), child 11 with two
 * children of its own (111, 112); and News (6, a news page, collapsed) with one. The screen
 * embeds only the top level.
 */
function serverPages(width = 3): TreePage[] {
  const pages: TreePage[] = [];
  for (let n = 1; n <= 5; n += 1) {
    pages.push(treePage(n, null, n));
    for (let k = 1; k <= width; k += 1) pages.push(treePage(10 * n + k, n, k));
  }
  pages.push(treePage(111, 11, 1), treePage(112, 11, 2));
  pages.push(treePage(6, null, 6, { news_page: true }), treePage(61, 6, 1));
  return pages;
}

interface HeldCall {
  parentIds: ParentId[];
  resolve: () => void;
  reject: () => void;
}

/** A server that answers one node or several, holding every call until told. */
function heldServer(pages: TreePage[] = serverPages()) {
  const answers = serverReads(pages);
  const held: HeldCall[] = [];
  const hold = (parentIds: ParentId[], answer: () => unknown) =>
    new Promise<never>((resolve, reject) => {
      held.push({
        parentIds,
        resolve: () => resolve(answer() as never),
        reject: () => reject(new HttpError(500, { detail: 'Server error' })),
      });
    });
  const listChildren = vi.fn((parentId: ParentId) =>
    hold([parentId], () => answers.children(parentId)),
  );
  const listChildrenOf = vi.fn((parentIds: readonly ParentId[]) =>
    hold([...parentIds], () => byParent(parentIds, answers.childrenOf(parentIds))),
  );
  /** Answer (or fail) the held calls that `which` picks, then let their answers be shown. */
  const settle = async (
    how: 'resolve' | 'reject' = 'resolve',
    which: (call: HeldCall) => boolean = () => true,
  ) => {
    for (const call of held.filter(which)) {
      held.splice(held.indexOf(call), 1);
      call[how]();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  /** The nodes each call asked for, in the order the calls were made. */
  const calls = () => held.map((call) => call.parentIds);
  return { listChildren, listChildrenOf, settle, calls, answers };
}

function setup(
  server: ReturnType<typeof heldServer>,
  {
    limits,
    api = {},
    embedded,
  }: { limits?: BatchLimits; api?: Partial<TreeApi>; embedded?: TreePage[] } = {},
) {
  const pages = serverPages();
  return createTestStore(pages, {
    api: {
      listChildren: server.listChildren,
      listChildrenOf: server.listChildrenOf,
      ...api,
    },
    embedded: embedded ?? pages.filter((page) => page.parent_page_id === null).map(withCount),
    batchLimits: limits,
  });

  function withCount(page: TreePage): TreePage {
    const count = pages.filter((child) => child.parent_page_id === page.id).length;
    return { ...page, child_count: count };
  }
}

const shown = (store: TreeStore) => {
  const { model, collapsed } = store.getState();
  return flattenVisible(model, collapsed).map((row) => row.id);
};

const loading = (store: TreeStore) =>
  [...store.getState().childLoads].filter(([, state]) => state === 'loading').map(([id]) => id);
const failed = (store: TreeStore) =>
  [...store.getState().childLoads].filter(([, state]) => state === 'failed').map(([id]) => id);

describe('loading the children of several nodes at once', () => {
  it('asks for every open node in one call on start, and shows them all when it answers', async () => {
    const server = heldServer();
    const { store } = setup(server);
    store.start();
    expect(server.calls()).toEqual([[1, 2, 3, 4, 5]]);
    expect(server.listChildren).not.toHaveBeenCalled();
    expect(loading(store)).toEqual([1, 2, 3, 4, 5]);
    await server.settle();
    expect(shown(store)).toEqual([
      null,
      1,
      11,
      12,
      13,
      2,
      21,
      22,
      23,
      3,
      31,
      32,
      33,
      4,
      41,
      42,
      43,
      5,
      51,
      52,
      53,
      6,
    ]);
    expect(store.getState().childLoads.size).toBe(0);
    expect([1, 2, 3, 4, 5].every((id) => store.getState().model.loaded.has(id))).toBe(true);
  });

  it('splits the nodes into calls by their child counts, keeping the screen’s order', () => {
    const server = heldServer();
    const { store } = setup(server, { limits: { rows: 7, nodes: 100 } });
    store.start();
    expect(server.calls()).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('keeps to the nodes limit', () => {
    const server = heldServer();
    const { store } = setup(server, { limits: { rows: 1000, nodes: 2 } });
    store.start();
    expect(server.calls()).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('holds back calls for several nodes while two are on their way, never a call for one', async () => {
    window.localStorage.setItem('collapsedPages', '{"6":false}');
    const server = heldServer();
    const { store } = setup(server, { limits: { rows: 1000, nodes: 2 } });
    store.start();
    expect(server.calls()).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(loading(store)).toEqual([1, 2, 3, 4, 5, 6]); // 5 and 6 wait their turn
    await server.settle('resolve', (call) => call.parentIds.includes(1));
    expect(server.calls()).toEqual([
      [3, 4],
      [5, 6],
    ]);
    // A node opened meanwhile is asked for at once.
    store.setOpen(11, true);
    expect(server.calls()).toEqual([[3, 4], [5, 6], [11]]);
    await server.settle('resolve', (call) => call.parentIds.includes(11));
    expect(shown(store).slice(0, 5)).toEqual([null, 1, 11, 111, 112]);
    await server.settle();
    expect(store.getState().childLoads.size).toBe(0);
    expect(shown(store).slice(-2)).toEqual([6, 61]);
  });

  it('shows each call’s answer as it arrives, whatever the order they arrive in', async () => {
    const server = heldServer();
    const { store } = setup(server, { limits: { rows: 7, nodes: 100 } });
    store.start();
    // The last call answers first: its node shows its children, the others still load.
    await server.settle('resolve', (call) => call.parentIds.includes(5));
    expect(shown(store)).toEqual([null, 1, 2, 3, 4, 5, 51, 52, 53, 6]);
    expect(loading(store)).toEqual([1, 2, 3, 4]);
    await server.settle('resolve', (call) => call.parentIds.includes(3));
    expect(shown(store)).toEqual([null, 1, 2, 3, 31, 32, 33, 4, 41, 42, 43, 5, 51, 52, 53, 6]);
    expect(loading(store)).toEqual([1, 2]);
    await server.settle();
    expect(shown(store).slice(0, 9)).toEqual([null, 1, 11, 12, 13, 2, 21, 22, 23]);
    expect(store.getState().childLoads.size).toBe(0);
  });

  it('marks only a failed call’s nodes, tells it once, and its retry asks them in one call', async () => {
    const server = heldServer();
    const { store, onError } = setup(server, { limits: { rows: 7, nodes: 100 } });
    store.start();
    await server.settle('reject', (call) => call.parentIds.includes(1));
    await server.settle('reject', (call) => call.parentIds.includes(5));
    expect(failed(store)).toEqual([1, 2, 5]);
    expect(loading(store)).toEqual([3, 4]);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(
      'The pages under “Page 1” could not be loaded: Server error',
      expect.any(Function),
    );
    await server.settle();
    expect(shown(store)).toEqual([null, 1, 2, 3, 31, 32, 33, 4, 41, 42, 43, 5, 6]);
    // A failed node is not asked again by itself …
    expect(server.calls()).toEqual([]);
    // … but the retry asks for every failed one, together as the limits allow.
    (onError.mock.calls[0]?.[1] as () => void)();
    expect(server.calls()).toEqual([[1, 2], [5]]);
    await server.settle();
    expect(store.getState().childLoads.size).toBe(0);
    expect(shown(store)).toContain(53);
  });

  it('asks again for a failed node alone when it is opened anew, and the rest in one retry', async () => {
    const server = heldServer();
    const { store, onError } = setup(server);
    store.start();
    await server.settle('reject');
    expect(failed(store)).toEqual([1, 2, 3, 4, 5]);
    store.setOpen(2, false);
    store.setOpen(2, true);
    expect(server.calls()).toEqual([[2]]);
    expect(server.listChildren).toHaveBeenCalledWith(2);
    await server.settle();
    expect(failed(store)).toEqual([1, 3, 4, 5]);
    expect(shown(store)).toEqual([null, 1, 2, 21, 22, 23, 3, 4, 5, 6]);
    (onError.mock.calls[0]?.[1] as () => void)();
    expect(server.calls()).toEqual([[1, 3, 4, 5]]);
    await server.settle();
    expect(store.getState().childLoads.size).toBe(0);
  });

  it('makes one single-node call for a node a person opens', async () => {
    const server = heldServer();
    const { store } = setup(server);
    store.start();
    await server.settle();
    store.setOpen(11, true);
    expect(server.listChildren).toHaveBeenCalledTimes(1);
    expect(server.listChildren).toHaveBeenCalledWith(11);
    expect(server.listChildrenOf).toHaveBeenCalledTimes(1); // the start's
    await server.settle();
    expect(shown(store).slice(0, 6)).toEqual([null, 1, 11, 111, 112, 12]);
  });

  it('loads the nodes a search opens in one call', async () => {
    const server = heldServer();
    const searchPages = vi.fn(async (query: string) => server.answers.search(query));
    // Everything starts closed: the search opens 1 and 11 to show 112.
    window.localStorage.setItem(
      'collapsedPages',
      JSON.stringify({ 1: true, 2: true, 3: true, 4: true, 5: true }),
    );
    const { store } = setup(server, { api: { searchPages } });
    store.start();
    expect(server.calls()).toEqual([]);
    await store.search('Page 112');
    expect(store.getState().collapsed).toMatchObject({ 1: false, 11: false });
    expect(server.calls()).toEqual([[1, 11]]);
    await server.settle();
    expect(shown(store).slice(0, 7)).toEqual([null, 1, 11, 111, 112, 12, 13]);
  });

  it('waits for the call on its way when a node in it is needed again', async () => {
    const server = heldServer();
    const movePage = vi.fn().mockResolvedValue(treePage(6, 2, 4));
    const { store } = setup(server, { api: { movePage } });
    store.start();
    // News dropped last under 2 while 2's children are on their way in the start's call.
    const moved = store.move(6, { parentId: 2, index: 0 });
    expect(server.calls()).toEqual([[1, 2, 3, 4, 5]]);
    expect(movePage).not.toHaveBeenCalled();
    await server.settle();
    await moved;
    expect(server.listChildren).not.toHaveBeenCalled();
    expect(movePage).toHaveBeenCalledWith(6, { parent_id: 2, position: 4 });
    expect(store.getState().model.children.get(2)).toEqual([21, 22, 23, 6]);
  });

  it('re-reads what it has loaded in as few calls as the limits allow, and shows it at once', async () => {
    const server = heldServer();
    const updatePage = vi.fn().mockRejectedValue(new HttpError(500, null));
    const { store } = setup(server, { api: { updatePage }, limits: { rows: 8, nodes: 100 } });
    store.start();
    await server.settle();
    await store.toggleStatus(21);
    // The top level (6 rows), then 1 and 2, 3 and 4, 5: shown only once every call answered.
    expect(server.calls()).toEqual([[null], [1, 2], [3, 4], [5]]);
    const before = store.getState().model;
    await server.settle('resolve', (call) => !call.parentIds.includes(5));
    expect(store.getState().model).toBe(before);
    await server.settle();
    expect(store.getState().model).not.toBe(before);
    expect(shown(store)).toContain(53);
    expect(server.listChildren).toHaveBeenCalledWith(null);
  });
});
