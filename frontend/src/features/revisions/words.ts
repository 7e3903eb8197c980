// A revision in words: who saved it and when, as the list, the compare view and the restore
// dialog name it.
import { language, t } from '../../i18n';
import type { Revision } from './types';

/** Who saved it: their name, or "A former user" for a user deleted since. */
export function savedBy(revision: Revision): string {
  const { user } = revision;
  return user?.name || user?.username || t('revisions.formerUser');
}

/**
 * What the save did, in one line: the server's summary, but a restore named by the version it
 * brought back, its time as this list shows times (the browser's zone) and its languages.
 */
export function revisionSummary(revision: Revision, localeName: (code: string) => string): string {
  const from = revision.restored;
  if (!from) return revision.summary;
  return t('revisions.restoredFrom', {
    time: savedAt({ ...revision, at: from.at }),
    name: from.name || t('revisions.formerUser'),
    locales: from.locales.map(localeName).join(t('history.listSeparator')),
  });
}

/**
 * When it was saved: date and time of day to the second, in the interface language with
 * Western digits (lib/when.ts's form, seconds added: two saves a minute apart must differ).
 */
export function savedAt(revision: Revision, lang: string = language()): string {
  const date = new Date(revision.at);
  if (Number.isNaN(date.getTime())) return revision.at;
  try {
    return new Intl.DateTimeFormat(`${lang}-u-nu-latn`, {
      dateStyle: 'medium',
      timeStyle: 'medium',
    }).format(date);
  } catch {
    return date.toISOString();
  }
}
