import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http';
import type { TreeApi } from './api';
import { createTreeStore } from './store';
import { treePage } from './test/fixtures';

function setup(api: Partial<TreeApi> = {}) {
  const onError = vi.fn();
  const store = createTreeStore({
    pages: [treePage(1, null, 1), treePage(2, 1, 1), treePage(3, null, 2)],
    locale: 'en',
    api: { updatePage: vi.fn(), createPage: vi.fn(), movePage: vi.fn(), ...api },
    onError,
    storage: window.localStorage,
    now: () => new Date('2026-11-22T10:00:00Z'),
  });
  return { store, onError };
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
});
