import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n';
import { useToast } from '../../../ui/toast';

/** One page of a library's results, as the server answers it. */
interface ResultPage {
  total: number;
  per_page: number;
}

interface LibraryPageOptions<F extends { page: number }, P extends ResultPage, R> {
  filters: F;
  results: P;
  /** The records of a page of results, and a page with other records. */
  records: (page: P) => readonly R[];
  withRecords: (page: P, records: R[]) => P;
  search: (filters: F) => Promise<P>;
  /** The screen's address for the filters (a reload opens the same results). */
  address: (filters: F) => string;
  /** The document's title and what a failed search says. */
  title: string;
  loadFailed: string;
}

/**
 * The state of a library screen (the image library, the file library): the filters, the page of
 * results shown, and reading another page. The latest search wins; the address follows the
 * filters. A record saved in a dialog is merged in; a deleted one leaves at once and the page is
 * read again, so it fills up and counts right (the last record of a later page goes back one).
 */
export function useLibraryPage<
  F extends { page: number },
  P extends ResultPage,
  R extends { id: number },
>({
  filters: initialFilters,
  results: initialResults,
  records,
  withRecords,
  search,
  address,
  title,
  loadFailed,
}: LibraryPageOptions<F, P, R>) {
  const toast = useToast();
  const [filters, setFilters] = useState(initialFilters);
  const [results, setResults] = useState(initialResults);
  const [loading, setLoading] = useState(false);
  const request = useRef(0);

  useEffect(() => {
    document.title = `${title} · ${t('header.product')}`;
  }, [title]);

  const load = useCallback(
    async (next: F) => {
      const id = ++request.current;
      setFilters(next);
      setLoading(true);
      window.history.replaceState(null, '', address(next));
      try {
        const answer = await search(next);
        if (id === request.current) setResults(answer);
      } catch {
        if (id === request.current) toast.error(loadFailed);
      } finally {
        if (id === request.current) setLoading(false);
      }
    },
    [address, search, loadFailed, toast],
  );

  /** Merge a record saved in a dialog into the page shown. */
  const saved = (record: Partial<R> & { id: number }) =>
    setResults((current) =>
      withRecords(
        current,
        records(current).map((item) => (item.id === record.id ? { ...item, ...record } : item)),
      ),
    );

  /** Take a deleted record off the page, say so, and read the page again. */
  const deleted = (record: R, name: string) => {
    setResults((current) => ({
      ...withRecords(
        current,
        records(current).filter((item) => item.id !== record.id),
      ),
      total: Math.max(0, current.total - 1),
    }));
    toast.notice(t('media.deleted', { name: `\u2068${name}\u2069` }));
    const emptied = records(results).length === 1 && filters.page > 1;
    void load({ ...filters, page: emptied ? filters.page - 1 : filters.page });
  };

  return { filters, results, loading, load, saved, deleted };
}
