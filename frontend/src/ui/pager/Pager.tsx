import { t } from '../../i18n';
import type { MessageKey } from '../../i18n';
import './pager.css';

/** What each list's pager says: its name, the two buttons and the 'Page 2 of 5' line. */
const TEXTS = {
  images: {
    label: 'imageLibrary.pages',
    previous: 'imageLibrary.previous',
    next: 'imageLibrary.next',
    where: 'imageLibrary.pageOf',
  },
  files: {
    label: 'fileLibrary.pages',
    previous: 'fileLibrary.previous',
    next: 'fileLibrary.next',
    where: 'fileLibrary.pageOf',
  },
  log: { label: 'log.pages', previous: 'log.newer', next: 'log.older', where: 'log.pageOf' },
  search: {
    label: 'search.content.pages',
    previous: 'search.content.previous',
    next: 'search.content.next',
    where: 'search.content.pageOf',
  },
  report: {
    label: 'report.pages',
    previous: 'report.previous',
    next: 'report.next',
    where: 'report.pageOf',
  },
  deleted: {
    label: 'deleted.pages',
    previous: 'deleted.previous',
    next: 'deleted.next',
    where: 'deleted.pageOf',
  },
} as const satisfies Record<string, Record<string, MessageKey>>;

interface PagerProps {
  /** Whose pages: the image library's, the file library's, the log's, search results, the report. */
  list: keyof typeof TEXTS;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The buttons wait (a page is on its way). */
  busy?: boolean;
  className?: string;
}

/** Previous and next page, and where we are; nothing when everything fits on one page. */
export function Pager({
  list,
  page,
  pages,
  onPage,
  busy = false,
  className = 'pager',
}: PagerProps) {
  if (pages <= 1) return null;
  const texts = TEXTS[list];
  return (
    <nav className={className} aria-label={t(texts.label)}>
      <button
        type="button"
        className="button"
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
      >
        {t(texts.previous)}
      </button>
      <span className="pager__where" aria-current="page">
        {t(texts.where, { page, pages })}
      </span>
      <button
        type="button"
        className="button"
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        {t(texts.next)}
      </button>
    </nav>
  );
}
