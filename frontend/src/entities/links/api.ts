// The link index's two reads (issue 33, DESIGN §3 Links): which pages link to a page, and the
// broken links of a locale (of a subtree, of one page). Read only; 50 a page on the server.
import type { BrokenLinks, LinkedFrom } from '../../api/types';
import { address } from '../../api/client';
import { getJSON } from '../../lib/http';
import { reportsUrl } from '../../lib/page';

/** The server's page size of both lists. */
export const LINKS_PAGE_SIZE = 50;

export interface BrokenLinksQuery {
  page: number;
  /** Only the links of this page and the pages below it. */
  under?: number | null;
  /** Only the links this page's text writes. */
  pageId?: number | null;
}

export interface LinksApi {
  linkedFrom(locale: string, pageId: number, page: number): Promise<LinkedFrom>;
  brokenLinks(locale: string, query: BrokenLinksQuery): Promise<BrokenLinks>;
}

// Through lib/http as api/client's typed calls are; the addresses are built by its address()
// until the generated paths list them (then api.get('/admin/{locale}/…') types them too).
export function createLinksApi(): LinksApi {
  return {
    linkedFrom: (locale, pageId, page) =>
      getJSON<LinkedFrom>(
        address('/admin/{locale}/pages/{page_id}/linked_from.json', {
          path: { locale, page_id: pageId },
          query: { page },
        }),
      ).then((answer) => listed(answer, 'pages')),
    brokenLinks: (locale, { page, under, pageId }) =>
      getJSON<BrokenLinks>(
        address('/admin/{locale}/broken_links.json', {
          path: { locale },
          query: { page, under, page_id: pageId },
        }),
      ).then((answer) => listed(answer, 'links')),
  };
}

/**
 * The answer when it has its list and total; else a failed read (a proxy's page, a server
 * older than the calls), so a screen says it could not read them instead of breaking.
 */
function listed<T extends { total: number }>(answer: T, list: keyof T & string): T {
  const body: unknown = answer;
  if (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as Record<string, unknown>)[list]) &&
    typeof (body as Record<string, unknown>).total === 'number'
  ) {
    return answer;
  }
  throw new Error(`Not a list of ${list}`);
}

/** The broken-link report of a locale, of the page `under` and the pages below it. */
export function brokenLinksReportUrl(locale: string, under: number): string {
  return `${reportsUrl(locale)}?tab=broken&under=${under}`;
}
