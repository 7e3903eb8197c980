// Pure rules of the file library screen: its address, its paging and the summary line.
import { t } from '../../i18n';
import { libraryQuery } from '../../entities/media/attachments/api';

export interface FileLibraryFilters {
  q: string;
  page: number;
}

export const FILE_LIBRARY_URL = '/admin/attachments';

/** The screen's address for a locale and a search (a reload opens the same results). */
export function fileLibraryAddress(filters: FileLibraryFilters, locale: string): string {
  const query = libraryQuery(filters.q, filters.page);
  const localeParam = `locale=${encodeURIComponent(locale)}`;
  return `${FILE_LIBRARY_URL}${query ? `${query}&${localeParam}` : `?${localeParam}`}`;
}

/** '12 files · 1–12 of 12', or why there is nothing to show. */
export function summary(
  results: { total: number; page: number; per_page: number; attachments: readonly unknown[] },
  q: string,
): string {
  if (results.total === 0 || results.attachments.length === 0) {
    return q.trim() ? t('fileLibrary.noMatch', { query: q.trim() }) : t('fileLibrary.none');
  }
  const first = (results.page - 1) * results.per_page + 1;
  const last = first + results.attachments.length - 1;
  const count = t('fileLibrary.count', { count: results.total });
  return `${count} · ${t('fileLibrary.range', { first, last, total: results.total })}`;
}
