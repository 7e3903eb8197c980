import { useEffect, useState } from 'react';
import type { BrokenLink } from '../../api/types';
import type { LinksApi } from '../../entities/links/api';

export interface BrokenLinksOfPage {
  /** The first 50 of the page's broken links in this locale and its shared blocks. */
  links: BrokenLink[];
  total: number;
}

const NONE: BrokenLinksOfPage = { links: [], total: 0 };

/**
 * The broken links the page's text writes (GET …/broken_links.json?page_id=), read after the
 * editor has painted and again after each accepted save (`version`), which may have mended
 * them; a failed read shows none (the report has them all).
 */
export function useBrokenLinks(
  api: LinksApi,
  locale: string,
  pageId: number | null,
  version: number,
): BrokenLinksOfPage {
  const key = `${locale}\n${pageId}`;
  const [read, setRead] = useState({ key, found: NONE });
  useEffect(() => {
    if (pageId === null) return;
    let live = true;
    api.brokenLinks(locale, { page: 1, pageId }).then(
      (answer) => live && setRead({ key, found: { links: answer.links, total: answer.total } }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, locale, pageId, key, version]);
  // Another locale's list is not this one's.
  return read.key === key ? read.found : NONE;
}
