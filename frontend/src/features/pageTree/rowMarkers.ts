// What decides a row's order and visibility, shown beside its name: news items are ordered by
// pinned, then date (so both show); a published page whose date is still to come "publishes
// later"; a change scheduled to go live ("Change at 14:30"), or one that could not, is marked
// too, in other words than the publishing date's.
import { language as interfaceLanguage, t } from '../../i18n';
import { STATUS_PUBLISHED } from '../../lib/page';
import { translationStateName } from '../../lib/translations';
import { formatWhen } from '../../lib/when';
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
  const changeAt = pending ? new Date(pending.at) : null;
  if (pending && changeAt && !Number.isNaN(changeAt.getTime())) {
    const time = formatWhen(changeAt, language);
    if (pending.state === 'waiting') {
      const text = t('tree.changeWaiting', { time: formatSoon(changeAt, now, language) });
      const label = t('tree.changeWaitingLabel', { time });
      markers.push({ kind: 'change-waiting', text, label, dateTime: changeAt.toISOString() });
    } else {
      const why = pending.reason ? ` ${pending.reason}` : '';
      const label = `${t('tree.changeFailedLabel', { time })}${why}`;
      markers.push({ kind: 'change-failed', text: t('tree.changeFailed'), label });
    }
  }
  const state = translation?.state;
  if (translation && (state === 'outdated' || state === 'missing')) {
    const text = translationStateName(state);
    const label = t('translation.stateIn', { state: text, locale: translation.locale });
    markers.push({ kind: state, text, label });
  }
  return markers;
}

/** A moment in few words: the time of day when it is today, else the day and the time. */
function formatSoon(date: Date, now: Date, language: string | undefined): string {
  const today = date.toDateString() === now.toDateString();
  try {
    return new Intl.DateTimeFormat(`${language ?? 'en'}-u-nu-latn`, {
      ...(today ? {} : { day: 'numeric', month: 'short' }),
      hour: '2-digit',
      minute: '2-digit',
    }).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace('T', ' ');
  }
}

function formatDate(date: Date, language: string | undefined): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}
