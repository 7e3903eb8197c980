import { describe, expect, it, vi } from 'vitest';
import type { TreePageOut } from '../../api/types';
import { getJSON } from '../../lib/http';
import type * as HttpModule from '../../lib/http';
import { createTreeApi, toTreePage } from './api';
import { toOut, treePage } from './test/fixtures';

vi.mock('../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  getJSON: vi.fn(),
}));

function out(blocks: unknown): TreePageOut {
  return { ...treePage(7, null, 1), blocks } as TreePageOut;
}

describe('toTreePage', () => {
  it.each([
    ['a clean map', { name: { en: 'Home', nb: 'Hjem' } }, { en: 'Home', nb: 'Hjem' }],
    ['a map with a non-text value', { name: { en: 'Home', nb: null } }, { en: 'Home' }],
    ['one text for the current locale', { name: 'Home' }, { en: 'Home' }],
    ['no name at all', { name: null }, {}],
  ])('reads %s', (_, blocks, names) => {
    expect(toTreePage(out(blocks), 'en').blocks.name).toEqual(names);
  });

  it('keeps the fields the tree uses', () => {
    expect(toTreePage(out({ name: { en: 'Home' } }), 'en')).toEqual(
      treePage(7, null, 1, { blocks: { name: { en: 'Home' } } }),
    );
  });
});

describe('the children calls', () => {
  it('asks for one node by parent_id, and for several by parent_ids in one call', async () => {
    const get = vi.mocked(getJSON);
    get.mockResolvedValueOnce([toOut(treePage(1, null, 1))]);
    const api = createTreeApi('nb');
    expect((await api.listChildren(null)).map((page) => page.id)).toEqual([1]);
    expect(get).toHaveBeenLastCalledWith('/admin/nb/pages.json?parent_id=root');

    get.mockResolvedValueOnce(
      [treePage(6, 5, 1), treePage(7, 5, 2), treePage(2, null, 2)].map(toOut),
    );
    const lists = await api.listChildrenOf?.([5, null, 9]);
    expect(get).toHaveBeenLastCalledWith('/admin/nb/pages.json?parent_ids=5,root,9');
    expect([...(lists ?? [])].map(([id, pages]) => [id, pages.map((page) => page.id)])).toEqual([
      [5, [6, 7]],
      [null, [2]],
      [9, []],
    ]);
  });
});
