// The link calls answered by a stubbed fetch, for screens that open the link dialogs with the
// default API (the tree's Delete): linked_from.json with these pages, broken_links.json empty.
import { vi } from 'vitest';
import type { LinkingPage } from '../../../api/types';

/** Stub fetch; `pages` link to whatever page is asked about (`total` says how many in all). */
export function stubLinksFetch(pages: LinkingPage[] = [], total = pages.length) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    const body = url.includes('/linked_from.json')
      ? { pages, total }
      : url.includes('/broken_links.json')
        ? { links: [], total: 0 }
        : null;
    return new Response(JSON.stringify(body), { status: body ? 200 : 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
