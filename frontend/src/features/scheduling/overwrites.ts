// Which waiting scheduled changes a save would contradict (issue 28, item 3): a change that sets
// a field saved after it was scheduled does not go live (the server keeps the newer work and
// marks it failed), so the editor asks before such a save, naming the fields and the time.
import type { ScheduledChangeOut } from '../../api/types';

/** Fields held per locale, besides the localized blocks: a change made in another locale sets
 *  that locale's, which this save leaves alone. */
const LOCALIZED_FIELDS = new Set(['name', 'path_segment']);
/** Payload entries that are no field of the page. */
const NOT_FIELDS = new Set(['lock_version', '_method', 'position']);

export interface Overwrite {
  change: ScheduledChangeOut;
  /** The payload names of the fields the save changes and the change sets. */
  fields: string[];
}

/** A value as JSON with every object's keys in order (a payload's key order means nothing). */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? '', (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}

/** The payload names whose value differs between what a save of the stored page would send
 *  and what this save sends. */
export function changedFields(
  stored: Record<string, unknown>,
  sent: Record<string, unknown>,
): string[] {
  return Object.keys(sent).filter(
    (name) => !NOT_FIELDS.has(name) && canonical(sent[name]) !== canonical(stored[name]),
  );
}

/**
 * The waiting changes that set a field among `changed`, soonest first. A change made in another
 * locale sets that locale's name, segment and localized blocks, which this save does not touch:
 * only the fields the locales share count then.
 */
export function waitingOverwrites(
  changes: readonly ScheduledChangeOut[],
  changed: readonly string[],
  locale: string,
  localizedBlock: (name: string) => boolean,
): Overwrite[] {
  const localized = (name: string) => LOCALIZED_FIELDS.has(name) || localizedBlock(name);
  return changes
    .filter((change) => change.state === 'waiting')
    .map((change) => ({
      change,
      fields: changed.filter(
        (name) => change.fields.includes(name) && (change.locale === locale || !localized(name)),
      ),
    }))
    .filter((overwrite) => overwrite.fields.length > 0)
    .sort((a, b) => Date.parse(a.change.at) - Date.parse(b.change.at));
}
