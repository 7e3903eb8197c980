// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http';
import type { TreeApi } from './api';
import { FAILURE_QUIET_MS } from './children';
import { flattenVisible } from './model';
import type { TreeStore } from './store';
import { createTestStore, serverReads, treePage } from './test/fixtures';
import type { TreePage } from './types';

/**
 * The server's tree: 1 (open, top level) › 2 › 4, 5; 1 › 3; 6 (top level, a news page) › 7.
 * The screen embeds 1, 6, and 1's children 2 and 3.
 */
function serverPages(): TreePage[] {
  return [
    treePage(1, null, 1),
    treePage(2, 1, 1),
    treePage(3, 1, 2),
    treePage(4, 2, 1),
    treePage(5, 2, 2),
    treePage(6, null, 2, { news_page: true }),
    treePage(7, 6, 1),
  ];
}

/** Hold every read until released, to see the tree while children are on their way. */
function heldReads(server: TreePage[] = serverPages()) {
  const answers = serverReads(server);
  const held: { parentId: number | null; resolve: () => void; reject: () => void }[] = [];
  const listChildren = vi.fn(
    (parentId: number | null) =>
      new Promise<TreePage[]>((resolve, reject) => {
        held.push({
          parentId,
          resolve: () => resolve(answers.children(parentId)),
          reject: () => reject(new HttpError(500, { detail: 'Server error' })),
        });
      }),
  );
  const settle = async (how: 'resolve' | 'reject' = 'resolve') => {
    held.splice(0).forEach((call) => call[how]());
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { listChildren, settle };
}

function setup(api: Partial<TreeApi> = {}, now?: () => Date) {
  return createTestStore(serverPages(), { api, now });
}

const shown = (store: TreeStore) => {
  const { model, collapsed } = store.getState();
  return flattenVisible(model, collapsed).map((row) => row.id);
};

describe('loading children', () => {
  it('loads a node’s children once, when it opens, and marks it loading meanwhile', async () => {
    const reads = heldReads();
    const { store } = setup({ listChildren: reads.listChildren });
    expect(shown(store)).toEqual([null, 1, 2, 3, 6]);
    store.setOpen(2, true);
    store.setOpen(2, false);
    store.setOpen(2, true);
    expect(reads.listChildren).toHaveBeenCalledTimes(1);
    expect(store.getState().childLoads.get(2)).toBe('loading');
    await reads.settle();
    expect(shown(store)).toEqual([null, 1, 2, 4, 5, 3, 6]);
    expect(store.getState().model.loaded.has(2)).toBe(true);
    expect(store.getState().childLoads.has(2)).toBe(false);
  });

  it('loads on start the open nodes remembered from an earlier visit', async () => {
    window.localStorage.setItem('collapsedPages', '{"6":false,"4":false}');
    const { store } = setup();
    store.start();
    await vi.waitFor(() => expect(shown(store)).toEqual([null, 1, 2, 3, 6, 7]));
  });

  it('marks a node whose children failed, reports it with a retry, and tries again on opening', async () => {
    const reads = heldReads();
    const { store, onError } = setup({ listChildren: reads.listChildren });
    store.setOpen(2, true);
    await reads.settle('reject');
    expect(store.getState().childLoads.get(2)).toBe('failed');
    expect(onError).toHaveBeenCalledWith(
      'The pages under “Page 2” could not be loaded: Server error',
      expect.any(Function),
    );
    // A failed node is not asked again by itself …
    store.setOpen(3, true);
    expect(reads.listChildren).toHaveBeenCalledTimes(1);
    // … but the retry asks again.
    const retry = onError.mock.calls[0]?.[1] as () => void;
    retry();
    await reads.settle();
    expect(shown(store)).toEqual([null, 1, 2, 4, 5, 3, 6]);
  });

  it('tells a failure again once the quiet time after the last one told has passed', async () => {
    let time = 0;
    const reads = heldReads();
    const { store, onError } = setup({ listChildren: reads.listChildren }, () => new Date(time));
    store.setOpen(2, true);
    await reads.settle('reject');
    expect(onError).toHaveBeenCalledTimes(1);
    time = FAILURE_QUIET_MS - 1;
    store.setOpen(6, true);
    await reads.settle('reject');
    expect(onError).toHaveBeenCalledTimes(1);
    time = FAILURE_QUIET_MS;
    store.setOpen(2, false);
    store.setOpen(2, true);
    await reads.settle('reject');
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenLastCalledWith(
      'The pages under “Page 2” could not be loaded: Server error',
      expect.any(Function),
    );
  });

  it('tries a failed node again when a search opens it, as a click does', async () => {
    const reads = heldReads();
    const { store } = setup({ listChildren: reads.listChildren });
    store.setOpen(2, true);
    await reads.settle('reject');
    store.setOpen(2, false);
    expect(store.getState().childLoads.get(2)).toBe('failed');
    await store.search('Page 5');
    expect(store.getState().collapsed).toEqual({ 2: false });
    expect(reads.listChildren).toHaveBeenCalledTimes(2);
    expect(store.getState().childLoads.get(2)).toBe('loading');
    await reads.settle();
    expect(shown(store)).toEqual([null, 1, 2, 4, 5, 3, 6]);
  });

  it('names a node in a message as its row does, in the first of the website’s locales', async () => {
    const server = [
      treePage(1, null, 1, { child_count: 1, blocks: { name: { ar: 'صفحة', nb: 'Om oss' } } }),
      treePage(2, 1, 1),
    ];
    const listChildren = vi.fn(() => Promise.reject(new HttpError(500, { detail: 'Down' })));
    const { store, onError } = createTestStore(server, {
      api: { listChildren },
      embedded: [server[0] as TreePage],
      localeOrder: ['en', 'nb', 'ar'],
    });
    store.start();
    await vi.waitFor(() =>
      expect(onError).toHaveBeenCalledWith(
        'The pages under “Om oss” could not be loaded: Down',
        expect.any(Function),
      ),
    );
  });

  it('tells failures close together once, and its retry tries every node that failed', async () => {
    window.localStorage.setItem('collapsedPages', '{"2":false,"6":false}');
    const reads = heldReads();
    const { store, onError } = setup({ listChildren: reads.listChildren });
    store.start();
    expect(reads.listChildren.mock.calls.map(([id]) => id)).toEqual([2, 6]);
    await reads.settle('reject');
    expect(onError).toHaveBeenCalledTimes(1);
    expect([...store.getState().childLoads]).toEqual([
      [2, 'failed'],
      [6, 'failed'],
    ]);
    (onError.mock.calls[0]?.[1] as () => void)();
    expect(reads.listChildren).toHaveBeenCalledTimes(4);
    await reads.settle();
    expect(shown(store)).toEqual([null, 1, 2, 4, 5, 3, 6, 7]);
  });

  it('does not undo a move made while the children of the page’s old parent were loading', async () => {
    const reads = heldReads();
    const movePage = vi.fn().mockResolvedValue(treePage(2, null, 3));
    const { store } = setup({ listChildren: reads.listChildren, movePage });
    // Reload 1 by way of a resync while 2 moves out of it to the top level.
    const resync = store.resync();
    await store.move(2, { parentId: null, index: 2 });
    expect(movePage).toHaveBeenCalledWith(2, { parent_id: false, position: 3 });
    await reads.settle();
    await resync;
    // The server's lists were read before the move; the move's own answer settled 2.
    expect(store.getState().model.children.get(1)).toEqual([3]);
  });

  it('moves a page under a node whose children are not loaded, once they are, after them', async () => {
    const reads = heldReads();
    const movePage = vi.fn().mockResolvedValue(treePage(3, 2, 3));
    const { store } = setup({ listChildren: reads.listChildren, movePage });
    // Alt+Right: 3 under its previous sibling 2, collapsed, its children never loaded.
    const moved = store.move(3, { parentId: 2, index: 0 });
    expect(store.getState().collapsed).toEqual({ 2: false });
    expect(shown(store)).toEqual([null, 1, 2, 3, 6]);
    expect(movePage).not.toHaveBeenCalled();
    await reads.settle();
    await moved;
    expect(movePage).toHaveBeenCalledWith(3, { parent_id: 2, position: 3 });
    expect(shown(store)).toEqual([null, 1, 2, 4, 5, 3, 6]);
  });

  it('puts a page last under a node whose children cannot be loaded', async () => {
    const reads = heldReads();
    const movePage = vi.fn().mockResolvedValue(treePage(3, 2, 3));
    const { store } = setup({ listChildren: reads.listChildren, movePage });
    const moved = store.move(3, { parentId: 2, index: 0 });
    await reads.settle('reject');
    await moved;
    // 2 holds two children the tree has not seen: past them, the server appends.
    expect(movePage).toHaveBeenCalledWith(3, { parent_id: 2, position: 3 });
    expect(store.getState().model.pages.get(2)?.child_count).toBe(3);
  });

  it('creates a new child of a node not loaded yet after the children it holds', async () => {
    const reads = heldReads();
    const createPage = vi.fn().mockResolvedValue(treePage(42, 2, 3));
    const { store } = setup({ listChildren: reads.listChildren, createPage });
    const id = store.addChild(2);
    const created = store.saveName(id, 'New');
    await reads.settle();
    await created;
    expect(createPage).toHaveBeenCalledWith(
      expect.objectContaining({ parent_page_id: 2, position: 3 }),
    );
    expect(store.getState().model.children.get(2)).toEqual([4, 5, 42]);
  });

  it('re-reads the top level and the shown open nodes after a failure, forgetting the others', async () => {
    const updatePage = vi.fn().mockRejectedValue(new HttpError(500, null));
    const listChildren = vi.fn(async (parentId: number | null) =>
      serverReads(serverPages()).children(parentId),
    );
    const { store } = setup({ updatePage, listChildren });
    store.setOpen(2, true);
    await vi.waitFor(() => expect(store.getState().model.loaded.has(2)).toBe(true));
    listChildren.mockClear();
    await store.toggleStatus(3);
    await vi.waitFor(() => expect(listChildren).toHaveBeenCalledTimes(3));
    expect(listChildren.mock.calls.map(([id]) => id)).toEqual([null, 1, 2]);
    await vi.waitFor(() => expect(shown(store)).toEqual([null, 1, 2, 4, 5, 3, 6]));
    // Out of sight, 2 is not re-read: it loads again when it shows open.
    store.setOpen(1, false);
    listChildren.mockClear();
    await store.toggleStatus(6);
    await vi.waitFor(() => expect(store.getState().model.loaded.has(2)).toBe(false));
    expect(listChildren.mock.calls.map(([id]) => id)).toEqual([null]);
    store.setOpen(1, true);
    await vi.waitFor(() => expect(shown(store)).toEqual([null, 1, 2, 4, 5, 3, 6]));
    expect(listChildren.mock.calls.map(([id]) => id)).toEqual([null, 1, 2]);
  });
});

describe('search', () => {
  it('merges the pages found with their ancestors, opens the path and remembers it', async () => {
    const { store } = setup();
    const found = await store.search('Page 4');
    expect(found).toEqual([4]);
    expect(store.getState().search).toMatchObject({ query: 'Page 4', status: 'done' });
    expect([...store.getState().search.matches]).toEqual([4]);
    expect(store.getState().collapsed).toEqual({ 2: false });
    expect(window.localStorage.getItem('collapsedPages')).toBe('{"2":false}');
    // 2's other child loads, as 2 is open now.
    await vi.waitFor(() => expect(shown(store)).toEqual([null, 1, 2, 4, 5, 3, 6]));
  });

  it('drops the answer to a search overtaken by a newer one', async () => {
    const answers = serverReads(serverPages());
    let first: (pages: TreePage[]) => void = () => undefined;
    const searchPages = vi
      .fn()
      .mockReturnValueOnce(new Promise<TreePage[]>((resolve) => (first = resolve)))
      .mockImplementation(async (query: string) => answers.search(query));
    const { store } = setup({ searchPages });
    const old = store.search('Page 7');
    await store.search('Page 5');
    first(answers.search('Page 7'));
    expect(await old).toEqual([]);
    expect([...store.getState().search.matches]).toEqual([5]);
    expect(store.getState().collapsed).toEqual({ 2: false });
  });

  it('asks once for the same text, and ends without undoing what it opened', async () => {
    const answers = serverReads(serverPages());
    const searchPages = vi.fn(async (query: string) => answers.search(query));
    const { store } = setup({ searchPages });
    await Promise.all([store.search(' Page 7 '), store.search('Page 7')]);
    await store.search('Page 7');
    expect(searchPages).toHaveBeenCalledTimes(1);
    expect(searchPages).toHaveBeenCalledWith('Page 7');
    store.clearSearch();
    expect(store.getState().search.status).toBe('idle');
    expect(shown(store)).toEqual([null, 1, 2, 3, 6, 7]);
  });
});
