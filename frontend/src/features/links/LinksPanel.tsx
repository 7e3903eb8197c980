import { brokenLinksReportUrl } from '../../entities/links/api';
import { LinkedFromList } from '../../entities/links/LinkedFromList';
import type { PageGoing } from '../../entities/links/LinkWarning';
import type { LinkedFromState } from '../../entities/links/useLinkedFrom';
import { t } from '../../i18n';

interface LinksPanelProps {
  pageId: number;
  locale: string;
  linked: LinkedFromState;
  /** What the status chosen (not saved yet) does to the page: its links told beside it. */
  going: PageGoing | null;
  /** The page has more broken links than the blocks show (the first 50 are read). */
  moreBroken: boolean;
}

/** In the sidebar: "Linked from N pages" (a disclosure listing them), and the broken links' report. */
export function LinksPanel({ pageId, locale, linked, going, moreBroken }: LinksPanelProps) {
  const { total } = linked;
  const summary =
    total === null
      ? linked.failed
        ? t('links.linkedFrom.failed')
        : t('links.linkedFrom.counting')
      : total === 0
        ? t('links.linkedFrom.none')
        : t('links.linkedFrom.title', { count: total });
  return (
    <section className="links-panel" aria-label={t('links.panel')}>
      {total !== null && total > 0 ? (
        <details className="links-panel__linked">
          <summary aria-live="polite">{summary}</summary>
          <LinkedFromList state={linked} locale={locale} />
        </details>
      ) : (
        <p className="links-panel__linked" aria-live="polite">
          {summary}{' '}
          {linked.failed && (
            <button type="button" className="button button--link" onClick={linked.more}>
              {t('links.retry')}
            </button>
          )}
        </p>
      )}
      {going && total !== null && total > 0 && (
        <p
          className={`links-panel__going${going === 'hide' ? '' : ' links-panel__going--breaks'}`}
          role="status"
        >
          {t(going === 'hide' ? 'links.status.hide' : 'links.status.breaks', { count: total })}
        </p>
      )}
      {moreBroken && <p className="links-panel__more">{t('links.broken.more')}</p>}
      <a className="links-panel__report" href={brokenLinksReportUrl(locale, pageId)}>
        {t('links.broken.report')}
      </a>
    </section>
  );
}
