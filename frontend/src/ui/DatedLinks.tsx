import { t } from '../i18n';
import { archiveNowUrl, calendarUrl } from '../lib/datedLinks';
import './datedLinks.css';

/** The links to the news archive and the calendar, on the page tree's toolbar. */
export function DatedLinks({ locale }: { locale: string }) {
  return (
    <nav className="dated-links" aria-label={t('dated.nav')}>
      <a href={archiveNowUrl(locale)}>{t('archive.link')}</a>
      <a href={calendarUrl(locale)}>{t('calendar.link')}</a>
    </nav>
  );
}
