// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http';
import type { TreeApi } from './api';
import { createTestStore, readsFrom, treePage } from './test/fixtures';
import type { TreePage } from './types';

function pages() {
  return [treePage(1, null, 1), treePage(2, 1, 1), treePage(3, null, 2)];
}

function setup(api: Partial<TreeApi> = {}, embedded: TreePage[] = pages()) {
  return createTestStore(pages(), {
    api,
    embedded,
    now: () => new Date('2026-11-22T10:00:00Z'),
  });
}

describe('tree store', () => {
  it('starts a new child as an unsaved draft, published now, in edit mode, with its parent opened', () => {
    const { store } = setup();
    const id = store.addChild(2);
    const page = store.getState().model.pages.get(id);
    expect(id).toBeLessThan(0);
    expect(page).toMatchObject({
      status: 0,
      pinned: false,
      news_page: false,
      published_at: '2026-11-22T10:00:00.000Z',
      blocks: { name: { en: '' } },
      parent_page_id: 2,
    });
    expect(store.getState().editing.has(id)).toBe(true);
    expect(store.getState().collapsed).toEqual({ 2: false });
    expect(window.localStorage.getItem('collapsedPages')).toBe('{"2":false}');
  });

  it('keeps a new page in edit mode when creating it fails', async () => {
    const createPage = vi
      .fn()
      .mockRejectedValue(new HttpError(422, { errors: [['name', "can't be blank"]] }));
    const { store, onError } = setup({ createPage });
    const id = store.addChild(null);
    await store.saveName(id, '');
    expect(store.getState().editing.has(id)).toBe(true);
    expect(onError).toHaveBeenCalledWith("The page could not be created: can't be blank");
  });

  it('moves a page back where it was when the move call fails', async () => {
    const movePage = vi.fn().mockRejectedValue(new HttpError(500, null));
    const { store, onError } = setup({ movePage });
    await store.move(3, { parentId: 1, index: 0 });
    expect(movePage).toHaveBeenCalledWith(3, { parent_id: 1, position: 1 });
    expect(store.getState().model.children.get(null)).toEqual([1, 3]);
    expect(store.getState().model.children.get(1)).toEqual([2]);
    expect(onError).toHaveBeenCalledWith(
      'The page could not be moved: Request failed with status 500',
    );
  });

  it('does not call the server for a drop on the same place', async () => {
    const movePage = vi.fn();
    const { store } = setup({ movePage });
    await store.move(3, { parentId: null, index: 1 });
    expect(movePage).not.toHaveBeenCalled();
  });

  it('settles on the server tree when a failed move was stored after all', async () => {
    // The answer was lost, but the server had moved 3 under 1.
    const movePage = vi.fn().mockRejectedValue(new HttpError(0, null, 'Network error'));
    const server = readsFrom([treePage(1, null, 1), treePage(2, 1, 1), treePage(3, 1, 2)]);
    const { store, onError } = setup({ movePage, ...server });
    await store.move(3, { parentId: 1, index: 1 });
    expect(onError).toHaveBeenCalledWith('The page could not be moved: Network error');
    await vi.waitFor(() => expect(store.getState().model.children.get(1)).toEqual([2, 3]));
    expect(store.getState().model.children.get(null)).toEqual([1]);
  });

  it('re-reads what it has loaded when a move lands elsewhere than asked', async () => {
    // Someone else added a page to 1 meanwhile, so the server placed 3 differently.
    const movePage = vi.fn().mockResolvedValue(treePage(3, 1, 1));
    const server = readsFrom([
      treePage(1, null, 1),
      treePage(3, 1, 1),
      treePage(2, 1, 2),
      treePage(9, 1, 3),
    ]);
    const { store } = setup({ movePage, ...server });
    await store.move(3, { parentId: 1, index: 1 });
    expect(movePage).toHaveBeenCalledWith(3, { parent_id: 1, position: 2 });
    await vi.waitFor(() => expect(store.getState().model.children.get(1)).toEqual([3, 2, 9]));
    // The top level, and the one open node: one call each.
    expect(server.listChildren).toHaveBeenCalledTimes(2);
    expect(server.listChildren).toHaveBeenCalledWith(null);
    expect(server.listChildren).toHaveBeenCalledWith(1);
  });

  it('does not re-read anything when a move lands where asked', async () => {
    const movePage = vi.fn().mockResolvedValue(treePage(3, 1, 2));
    const server = readsFrom(pages());
    const { store } = setup({ movePage, ...server });
    await store.move(3, { parentId: 1, index: 1 });
    expect(store.getState().model.children.get(1)).toEqual([2, 3]);
    expect(server.listChildren).not.toHaveBeenCalled();
  });

  it('keeps new unsaved pages when the tree is replaced by the server tree', async () => {
    const updatePage = vi.fn().mockRejectedValue(new HttpError(500, null));
    const { store } = setup({ updatePage });
    const id = store.addChild(1);
    await store.toggleStatus(3);
    await vi.waitFor(() => expect(store.getState().model.children.get(1)).toEqual([2, id]));
    expect(store.getState().editing.has(id)).toBe(true);
  });

  it('counts only saved siblings in a new page position', async () => {
    const createPage = vi.fn().mockResolvedValue(treePage(42, 1, 2));
    const { store } = setup({ createPage });
    const first = store.addChild(1);
    const second = store.addChild(1);
    await store.saveName(second, 'Second');
    // The server knows one child of 1 (page 2); the unsaved 'first' does not count.
    expect(createPage).toHaveBeenCalledWith(
      expect.objectContaining({ parent_page_id: 1, position: 2 }),
    );
    expect(store.getState().model.children.get(1)).toEqual([2, first, 42]);
    expect(store.getState().savedAs.get(second)).toBe(42);
  });
});
