// Answers shaped like the revisions calls', and a fetch that serves them by address.
import { vi } from 'vitest';
import type { Comparison, RestoredPage, Revision } from '../types';
import type { Page } from '../../../api/types';

export function revision(id: number, overrides: Partial<Revision> = {}): Revision {
  return {
    id,
    user: { id: 2, username: 'eva', name: 'Eva Editor' },
    at: '2026-05-02T14:05:00Z',
    summary: `Changed Body (en) #${id}`,
    kind: 'update',
    live: false,
    ...overrides,
  };
}

/** A comparison of revision `from` with `to` (null: the page now). */
export function comparison(
  from: Revision,
  to: Revision | null,
  overrides: Partial<Comparison> = {},
): Comparison {
  return {
    from,
    to,
    fields: [
      { name: 'template', locale: null, from: 'page', to: 'event' },
      { name: 'tags', locale: null, from: ['Library', 'Events'], to: ['Library', 'Music'] },
      { name: 'path_segment', locale: 'ar', from: 'فريق', to: 'الفريق' },
    ],
    blocks: [
      {
        name: 'body',
        title: 'Body',
        locale: 'en',
        from: 'The quick **brown** fox',
        to: 'The quick **red** fox',
        changed: true,
      },
      {
        name: 'body',
        title: 'Body',
        locale: 'ar',
        from: 'مرحبا بالعالم',
        to: 'مرحبا بالجميع',
        changed: true,
      },
    ],
    ...overrides,
  };
}

export function restored(page: Page, overrides: Partial<RestoredPage> = {}): RestoredPage {
  return { ...page, missing_image_ids: [], missing_attachment_ids: [], ...overrides };
}

type Handler = (method: string, url: string, body: unknown) => [number, unknown] | undefined;

/** Stub fetch: each call is answered by `handler` (status and body), else 404. */
export function stubFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const [status, answer] = handler(method, String(input), body) ?? [404, { detail: 'Not found' }];
    return new Response(JSON.stringify(answer), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls fetch was asked to make, as 'METHOD address'. */
export const calls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
