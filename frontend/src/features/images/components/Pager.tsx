import { t } from '../../../i18n';

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** Previous and next page, and where we are. */
export function Pager({ page, pages, onPage }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('imageLibrary.pages')}>
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('imageLibrary.previous')}
      </button>
      <span className="pager__where" aria-current="page">
        {t('imageLibrary.pageOf', { page, pages })}
      </span>
      <button
        type="button"
        className="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('imageLibrary.next')}
      </button>
    </nav>
  );
}
