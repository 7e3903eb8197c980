// What decides a row's order and visibility, shown beside its name: news items are ordered by
// pinned, then date (so both show); a published page whose date is still to come is scheduled;
// a change scheduled to go live, or one that could not, is marked too.
import { language as interfaceLanguage, t } from '../../i18n';
import { STATUS_PUBLISHED } from '../../lib/page';
import { translationStateName } from '../../lib/translations';
import type { TranslationState } from '../../lib/translations';
import type { PendingChange } from './pendingChanges';
import type { TreePage } from './types';

export type MarkerKind =
  'scheduled' | 'pinned' | 'date' | 'change-waiting' | 'change-failed' | 'outdated' | 'missing';

export interface RowMarker {
  kind: MarkerKind;
  /** What the badge shows. */
  text: string;
  /** What the row's accessible name says of it. */
  label: string;
  /** The date, for a <time> element. */
  dateTime?: string;
}

interface MarkerOptions {
  newsItem: boolean;
  now: Date;
  /** The language of the dates (default: the interface's). */
  language?: string;
  /** A scheduled change of the page, waiting or failed. */
  pending?: PendingChange;
  /** How the page's translation into the tree's locale stands (issue 22), and that locale. */
  translation?: { state: TranslationState | undefined; locale: string };
}

/** Return the badges of a row, in the order they show. */
export function rowMarkers(
  page: Pick<TreePage, 'status' | 'published_at' | 'pinned'>,
  { newsItem, now, language = interfaceLanguage(), pending, translation }: MarkerOptions,
): RowMarker[] {
  const markers: RowMarker[] = [];
  const published = page.published_at ? new Date(page.published_at) : null;
  const valid = published !== null && !Number.isNaN(published.getTime());
  const date = valid ? formatDate(published, language) : '';
  if (page.status === STATUS_PUBLISHED && valid && published.getTime() > now.getTime()) {
    // A news item shows its date anyway: the label does not say it twice.
    const label = newsItem ? t('tree.scheduled') : t('tree.scheduledFor', { date });
    markers.push({ kind: 'scheduled', text: t('tree.scheduled'), label });
  }
  if (newsItem && page.pinned) {
    markers.push({ kind: 'pinned', text: t('tree.pinned'), label: t('tree.pinned') });
  }
  if (newsItem && valid) {
    markers.push({ kind: 'date', text: date, label: date, dateTime: published.toISOString() });
  }
  if (pending === 'waiting') {
    const label = t('tree.changeWaitingLabel');
    markers.push({ kind: 'change-waiting', text: t('tree.changeWaiting'), label });
  } else if (pending === 'failed') {
    const label = t('tree.changeFailedLabel');
    markers.push({ kind: 'change-failed', text: t('tree.changeFailed'), label });
  }
  const state = translation?.state;
  if (translation && (state === 'outdated' || state === 'missing')) {
    const text = translationStateName(state);
    const label = t('translation.stateIn', { state: text, locale: translation.locale });
    markers.push({ kind: state, text, label });
  }
  return markers;
}

function formatDate(date: Date, language: string | undefined): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}
