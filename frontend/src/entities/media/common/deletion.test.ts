import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteMedium } from './deletion';

function answer(status: number, body = '') {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body || null, { status }));
}

afterEach(() => vi.restoreAllMocks());

describe('deleteMedium', () => {
  it('sends DELETE with the CSRF token to the medium’s address', async () => {
    const fetch = answer(204);
    expect(await deleteMedium('image', 7)).toEqual({ kind: 'deleted' });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/admin/images/7.json');
    expect(init.method).toBe('DELETE');
    expect(init.headers).toHaveProperty('X-CSRFToken');
    await deleteMedium('attachment', 9);
    expect(fetch.mock.calls[1]?.[0]).toBe('/admin/attachments/9.json');
  });

  it.each([
    [
      409,
      '{"detail": "A page shows it."}',
      { kind: 'refused', status: 409, detail: 'A page shows it.' },
    ],
    [403, '{"detail": "Not yours."}', { kind: 'refused', status: 403, detail: 'Not yours.' }],
    [404, '{"detail": "Not found."}', { kind: 'gone' }],
    [500, '{"detail": "Server Error"}', { kind: 'failed', detail: 'Server Error' }],
  ])('reads a %i answer', async (status, body, expected) => {
    answer(status, body);
    expect(await deleteMedium('attachment', 3)).toEqual(expected);
  });

  it('tells a lost connection', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await deleteMedium('image', 1)).toEqual({ kind: 'failed', detail: 'Network error' });
  });
});
