import { useCallback, useEffect, useState } from 'react';
import type { LinkingPage } from '../../api/types';
import type { LinksApi } from './api';

export interface LinkedFromState {
  /** The pages read so far (50 a page, in the server's order). */
  pages: LinkingPage[];
  /** How many pages link to it; null until the first answer. */
  total: number | null;
  loading: boolean;
  failed: boolean;
  /** Read the next 50 (Show more); after a failure, the page that failed again. */
  more: () => void;
}

/**
 * The pages whose text links to `pageId`, read in an effect, so after the screen or dialog
 * has painted (nothing waits on it); a new page or locale starts over, and an answer for an
 * earlier one is dropped.
 */
export function useLinkedFrom(
  api: LinksApi,
  locale: string,
  pageId: number | null,
): LinkedFromState {
  const key = `${locale}\n${pageId}`;
  const [state, setState] = useState<{ key: string; pages: LinkingPage[]; total: number | null }>({
    key,
    pages: [],
    total: null,
  });
  const [asked, setAsked] = useState({ key, page: 1, attempt: 0 });
  // How the latest request ended (loading while the latest one has not).
  const [ended, setEnded] = useState<{ request: string; failed: boolean } | null>(null);
  // A new page or locale: its first page (the render that sees it shows nothing of the old).
  if (asked.key !== key) setAsked({ key, page: 1, attempt: 0 });
  const current = state.key === key ? state : { key, pages: [], total: null };
  const request = `${asked.key}\n${asked.page}\n${asked.attempt}`;

  useEffect(() => {
    if (pageId === null || asked.key !== key) return;
    let live = true;
    api.linkedFrom(locale, pageId, asked.page).then(
      (answer) => {
        if (!live) return;
        setState((before) => ({
          key,
          pages:
            asked.page === 1 || before.key !== key
              ? answer.pages
              : [...before.pages, ...answer.pages],
          total: answer.total,
        }));
        setEnded({ request, failed: false });
      },
      () => live && setEnded({ request, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [api, locale, pageId, key, asked, request]);

  const loading = pageId !== null && ended?.request !== request;
  const failed = !loading && ended?.failed === true;
  const more = useCallback(() => {
    setAsked((before) => ({
      key: before.key,
      // After a failure the same page again; else the one after those read.
      page: failed ? before.page : before.page + 1,
      attempt: before.attempt + 1,
    }));
  }, [failed]);
  // A page not saved yet: nothing can link to it.
  const total = pageId === null ? 0 : current.total;
  return { pages: current.pages, total, loading, failed, more };
}
