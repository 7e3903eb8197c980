import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../lib/http';
import { imageApi } from './api';
import { imageRecord } from './test/fixtures';

const changes = {
  alternative: { en: 'A boat' },
  caption: { en: '' },
  crop_start_x: 10,
  crop_start_y: 0,
  crop_width: 100,
  crop_height: 50,
  crop_gravity_x: null,
  crop_gravity_y: null,
};

function answer(status: number, body: unknown) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

afterEach(() => vi.unstubAllGlobals());

describe('imageApi.update', () => {
  it('PUTs {"image": {...}} to /admin/images/{id} with the CSRF token', async () => {
    setCsrfToken('tok');
    const fetch = answer(200, imageRecord(4));
    vi.stubGlobal('fetch', fetch);
    expect(await imageApi.update(4, changes)).toEqual({ kind: 'saved', image: imageRecord(4) });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/admin/images/4');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ image: changes });
    expect((init.headers as Record<string, string>)['X-CSRFToken']).toBe('tok');
  });

  it('gives back the errors of a 422, and a failure otherwise', async () => {
    vi.stubGlobal('fetch', answer(422, { detail: 'x', errors: [['crop_width', 'is too wide']] }));
    expect(await imageApi.update(4, changes)).toEqual({
      kind: 'invalid',
      errors: [['crop_width', 'is too wide']],
    });
    vi.stubGlobal('fetch', answer(500, { detail: 'Server error' }));
    expect(await imageApi.update(4, changes)).toEqual({ kind: 'failed', message: 'Server error' });
  });
});
