import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSchedulingApi } from './api';

const change = (id: number, state: 'waiting' | 'applied' | 'failed') => ({
  id,
  at: '2027-05-02T10:00:00Z',
  user: null,
  state,
  locale: 'en',
  fields: ['body'],
  reason: null,
  errors: [],
  applied_at: null,
  revision_id: null,
});

afterEach(() => vi.unstubAllGlobals());

describe('a page’s list of scheduled changes', () => {
  it('holds a change waiting far ahead however many newer ones went live', async () => {
    // Page after page of newer applied changes; the one waiting is older than all of them.
    const fetchMock = vi.fn(async (url: string) => {
      if (url.includes('state=waiting')) return Response.json([change(1, 'waiting')]);
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      return Response.json(
        Array.from({ length: 50 }, (_, index) => change(1000 - (page - 1) * 50 - index, 'applied')),
      );
    });
    vi.stubGlobal('fetch', fetchMock);

    const list = await createSchedulingApi().list('en', 5);

    expect(list.filter((entry) => entry.state === 'waiting').map((entry) => entry.id)).toEqual([1]);
    expect(list.map((entry) => entry.id)).toEqual(
      [...list.map((entry) => entry.id)].sort((a, b) => b - a),
    );
    expect(new Set(list.map((entry) => entry.id)).size).toBe(list.length);
    expect(fetchMock).toHaveBeenCalledWith(
      '/admin/en/pages/5/scheduled.json?state=waiting',
      expect.anything(),
    );
  });
});
