import type { NewsArchiveScreenData } from '../../api/types';
import { language, t } from '../../i18n';
import type { MessageKey } from '../../i18n';
import { editPageUrl } from '../../lib/page';
import { formatWhen } from '../../lib/when';
import { MAIN_ID, ScreenHeader } from '../../ui/AdminHeader';
import { archiveUrl, monthName } from '../../lib/datedLinks';
import './archive.css';

/**
 * The news archive (issue 31, item 5): the articles of the news pages published in a year or
 * month, newest first, each linking to its editor; years and months with their counts, and the
 * archive's pages, as links (the server renders each).
 */
export function ArchiveScreen({ data }: { data: NewsArchiveScreenData }) {
  const { locale, archive } = data;
  const { year, month, page, per_page: perPage, total } = archive;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const lang = language();
  const period = month ? `${monthName(month, lang)} ${year}` : String(year);

  return (
    <>
      <ScreenHeader
        data={data}
        section="pages"
        localeHref={(code) => archiveUrl(code, year, month, page)}
      />
      <main id={MAIN_ID} className="page-main archive">
        <h1 className="page-title">{t('archive.titleYear', { year: period })}</h1>
        <nav className="archive__nav" aria-label={t('archive.years')}>
          <ul className="archive__chips">
            {archive.years.map((entry) => (
              <li key={entry.year}>
                <a
                  href={archiveUrl(locale, entry.year)}
                  aria-current={entry.year === year && !month ? 'page' : undefined}
                  className={entry.year === year ? 'archive__chip is-current' : 'archive__chip'}
                >
                  {entry.year} <span className="archive__count">{entry.count}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="archive__nav" aria-label={t('archive.months', { year })}>
          <ul className="archive__chips archive__months">
            <li>
              <a
                href={archiveUrl(locale, year)}
                aria-current={!month ? 'page' : undefined}
                className={!month ? 'archive__chip is-current' : 'archive__chip'}
              >
                {t('archive.wholeYear', { year })}
              </a>
            </li>
            {archive.months.map((entry) => (
              <li key={entry.month}>
                {entry.count > 0 ? (
                  <a
                    href={archiveUrl(locale, year, entry.month)}
                    aria-current={entry.month === month ? 'page' : undefined}
                    className={entry.month === month ? 'archive__chip is-current' : 'archive__chip'}
                  >
                    {monthName(entry.month, lang, 'short')}{' '}
                    <span className="archive__count">{entry.count}</span>
                  </a>
                ) : (
                  <span className="archive__chip is-empty">
                    {monthName(entry.month, lang, 'short')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <p className="archive__total">{t('archive.count', { count: total })}</p>
        {archive.items.length === 0 ? (
          <p className="archive__none">{t('archive.none')}</p>
        ) : (
          <ol className="archive__list">
            {archive.items.map((item) => (
              <li key={item.id} className="archive__item">
                <a className="archive__name" href={editPageUrl(locale, item.id)}>
                  {item.name || t('calendar.untitled', { id: item.id })}
                </a>
                <span className="archive__meta">
                  <time dateTime={item.published_at}>{formatWhen(item.published_at)}</time>
                  {' · '}
                  {t('archive.in', { name: item.news_page_name || `#${item.news_page_id}` })}
                  {item.status !== 2 && (
                    <span className={`archive__status status-${item.status}`}>
                      {t(`archive.status.${item.status}` as MessageKey)}
                    </span>
                  )}
                  {item.pinned && <span className="archive__status">{t('archive.pinned')}</span>}
                </span>
              </li>
            ))}
          </ol>
        )}
        {pages > 1 && (
          <nav className="archive__pager" aria-label={t('archive.pages')}>
            {page > 1 ? (
              <a href={archiveUrl(locale, year, month, page - 1)} rel="prev">
                {t('archive.newer')}
              </a>
            ) : (
              <span />
            )}
            <span>{t('archive.pageOf', { page, pages })}</span>
            {page < pages ? (
              <a href={archiveUrl(locale, year, month, page + 1)} rel="next">
                {t('archive.older')}
              </a>
            ) : (
              <span />
            )}
          </nav>
        )}
      </main>
    </>
  );
}
