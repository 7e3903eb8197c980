// Pure rules of the image library screen: its filters, its address and its paging.
import { t } from '../../i18n';

export interface LibraryFilters {
  q: string;
  /** A locale code: only images without alternative text there; null: every image. */
  missing_alt: string | null;
  page: number;
}

export const LIBRARY_URL = '/admin/images';

/** The filters' parameters of GET /admin/images.json, without the defaults. */
export function libraryParams(filters: LibraryFilters) {
  return {
    q: filters.q.trim() || undefined,
    missing_alt: filters.missing_alt || undefined,
    page: filters.page > 1 ? filters.page : undefined,
  };
}

/** The query string of the filters, without the defaults ('' when all are defaults). */
export function libraryQuery(filters: LibraryFilters, locale?: string): string {
  const params = new URLSearchParams();
  if (locale) params.set('locale', locale);
  for (const [name, value] of Object.entries(libraryParams(filters))) {
    if (value !== undefined) params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The screen's address for a locale and filters (a reload opens the same results). */
export function libraryAddress(filters: LibraryFilters, locale: string): string {
  return `${LIBRARY_URL}${libraryQuery(filters, locale)}`;
}

/** The '1–48 of 120' line; '' without results. */
export function rangeLabel(page: number, perPage: number, total: number, shown: number): string {
  if (total === 0 || shown === 0) return '';
  const first = (page - 1) * perPage + 1;
  return t('imageLibrary.range', { first, last: first + shown - 1, total });
}
