import { useCallback, useEffect, useState } from 'react';
import { PER_PAGE } from './api';
import type { RevisionsApi } from './api';
import type { Revision } from './types';

export type ListState = 'loading' | 'ready' | 'failed';

/**
 * The page's revisions, newest first, a page of PER_PAGE at a time: `older` adds the next
 * page below, offered while the last page came full.
 */
export function useRevisionList(api: RevisionsApi) {
  const [revisions, setRevisions] = useState<Revision[]>([]);
  const [state, setState] = useState<ListState>('loading');
  const [pages, setPages] = useState(0);
  const [more, setMore] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // The first page (again on Retry after a failure).
  useEffect(() => {
    let current = true;
    api.list(1).then(
      (first) => {
        if (!current) return;
        setRevisions(first);
        setPages(1);
        setMore(first.length >= PER_PAGE);
        setState('ready');
      },
      () => current && setState('failed'),
    );
    return () => {
      current = false;
    };
  }, [api, attempt]);

  const older = useCallback(async () => {
    setState('loading');
    try {
      const next = await api.list(pages + 1);
      // A revision saved meanwhile shifts the pages by one: what is listed already is left out.
      setRevisions((shown) => {
        const known = new Set(shown.map((revision) => revision.id));
        return [...shown, ...next.filter((revision) => !known.has(revision.id))];
      });
      setPages(pages + 1);
      setMore(next.length >= PER_PAGE);
      setState('ready');
    } catch {
      setState('failed');
    }
  }, [api, pages]);

  const retry = useCallback(() => {
    if (pages > 0) {
      void older();
      return;
    }
    setState('loading');
    setAttempt((count) => count + 1);
  }, [pages, older]);

  return { revisions, state, more, older, retry };
}
