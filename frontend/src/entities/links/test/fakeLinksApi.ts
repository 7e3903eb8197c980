import { vi } from 'vitest';
import type { BrokenLinks, LinkedFrom } from '../../../api/types';
import type { LinksApi } from '../api';

/** A LinksApi whose answers the test sets (each call a spy). */
export function fakeLinksApi(
  linkedFrom: (page: number) => Promise<LinkedFrom> = async () => ({ pages: [], total: 0 }),
  brokenLinks: () => Promise<BrokenLinks> = async () => ({ links: [], total: 0 }),
) {
  return {
    linkedFrom: vi.fn<LinksApi['linkedFrom']>((_locale, _id, page) => linkedFrom(page)),
    brokenLinks: vi.fn<LinksApi['brokenLinks']>(() => brokenLinks()),
  };
}

/** `count` linking pages named 'Page 1' … in id order, answered 50 a page. */
export function linkingPages(count: number): (page: number) => Promise<LinkedFrom> {
  return async (page) => {
    const first = (page - 1) * 50 + 1;
    const last = Math.min(count, page * 50);
    const pages = [];
    for (let id = first; id <= last; id++) pages.push({ id, name: `Page ${id}` });
    return { pages, total: count };
  };
}
