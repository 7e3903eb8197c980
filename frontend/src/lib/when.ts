// Moments and lists of names in the interface language, as the working copy, presence and
// scheduled changes say them. Digits stay Western in every language, as everywhere else.
import { language } from '../i18n';

/** Return a moment as a date and a time of day ("2 May 2026, 14:05"). */
export function formatWhen(at: Date | string, lang: string = language()): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  try {
    return new Intl.DateTimeFormat(`${lang}-u-nu-latn`, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(date);
  } catch {
    return date.toISOString();
  }
}

/** Return names joined as the language lists them ("Eva, Ola and Kari"). */
export function formatNames(names: readonly string[], lang: string = language()): string {
  try {
    return new Intl.ListFormat(lang, { type: 'conjunction', style: 'long' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/** Return the browser's time zone with its offset ("Europe/Oslo (GMT+01:00)") at a moment. */
export function timeZoneLabel(at: Date, lang: string = language()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  let offset = '';
  try {
    const parts = new Intl.DateTimeFormat(`${lang}-u-nu-latn`, {
      timeZoneName: 'longOffset',
    }).formatToParts(at);
    offset = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    // An engine without longOffset: the zone's name alone.
  }
  // Isolated: a zone's Latin name and offset keep their order in a right-to-left sentence.
  const label = offset && zone ? `${zone} (${offset})` : zone || offset;
  return `\u2068${label}\u2069`;
}
