// A revision in words: who saved it and when, as the list, the compare view and the restore
// dialog name it.
import { t } from '../../i18n';
import { formatWhen } from '../../lib/when';
import type { Revision } from './types';

/** Who saved it: their name, or "A former user" for a user deleted since. */
export function savedBy(revision: Revision): string {
  const { user } = revision;
  return user?.name || user?.username || t('revisions.formerUser');
}

/** When it was saved, date and time of day in the interface language. */
export function savedAt(revision: Revision): string {
  return formatWhen(revision.at);
}
