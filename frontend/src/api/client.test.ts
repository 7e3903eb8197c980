import { afterEach, describe, expect, it, vi } from 'vitest';
import { address, api } from './client';

describe('address', () => {
  it.each([
    ['/admin/users.json', {}, '/admin/users.json'],
    ['/admin/{locale}/pages.json', { path: { locale: 'nb' } }, '/admin/nb/pages.json'],
    [
      '/admin/{locale}/pages/{page_id}.json',
      { path: { locale: 'en', page_id: 7 } },
      '/admin/en/pages/7.json',
    ],
    ['/admin/{locale}/pages.json', { path: { locale: 'a/b' } }, '/admin/a%2Fb/pages.json'],
    [
      '/admin/{locale}/pages.json',
      { path: { locale: 'nb' }, query: { parent_ids: '12,root' } },
      '/admin/nb/pages.json?parent_ids=12,root',
    ],
    [
      '/admin/{locale}/search.json',
      { path: { locale: 'nb' }, query: { q: 'blå bær&x', page: 2 } },
      '/admin/nb/search.json?q=bl%C3%A5%20b%C3%A6r%26x&page=2',
    ],
    [
      '/admin/audit.json',
      { query: { user_id: undefined, action: null, all: false, page: 1 } },
      '/admin/audit.json?all=false&page=1',
    ],
  ])('fills %s', (path, params, expected) => {
    expect(address(path, params)).toBe(expected);
  });

  it('refuses an address without one of its parameters', () => {
    expect(() => address('/admin/{locale}/pages.json', {})).toThrow(/locale/);
  });
});

describe('api', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the method, the filled address and the JSON body, and answers the parsed body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: 3 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = await api.put(
      '/admin/users/{user_id}.json',
      { user: { name: 'Kari' } } as never,
      { path: { user_id: 3 } },
    );
    expect(answer).toEqual({ id: 3 });
    expect(fetchMock).toHaveBeenCalledWith(
      '/admin/users/3.json',
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ user: { name: 'Kari' } }) }),
    );
  });
});
