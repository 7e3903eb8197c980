// The addresses of the news archive and the calendar (issue 31; DESIGN §3).

/** The news archive of a year, or of one of its months, at a page. */
export function archiveUrl(locale: string, year: number, month?: number | null, page = 1): string {
  const base = `/admin/${encodeURIComponent(locale)}/pages/news/${year}${month ? `/${month}` : ''}`;
  return page > 1 ? `${base}?page=${page}` : base;
}

/** The news archive of the current year. */
export function archiveNowUrl(locale: string): string {
  return `/admin/${encodeURIComponent(locale)}/pages/news`;
}

/** The calendar at a month (YYYY-MM), or at the current one. */
export function calendarUrl(locale: string, month?: string): string {
  const base = `/admin/${encodeURIComponent(locale)}/calendar`;
  return month ? `${base}?month=${month}` : base;
}

/** A month's name in a language ("March"). */
export function monthName(month: number, lang: string, style: 'long' | 'short' = 'long'): string {
  try {
    return new Intl.DateTimeFormat(`${lang}-u-nu-latn`, { month: style, timeZone: 'UTC' }).format(
      new Date(Date.UTC(2000, month - 1, 1)),
    );
  } catch {
    return String(month);
  }
}
