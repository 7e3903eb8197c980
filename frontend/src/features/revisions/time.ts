// When a revision was saved, as the list says it: how long ago ("3 minutes ago"), in the
// interface language with Western digits (as lib/when.ts writes the exact moment).
import { language } from '../../i18n';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** Return how long before `now` a moment was, in words ("yesterday", "5 minutes ago"). */
export function timeAgo(at: Date | string, now: Date = new Date(), lang = language()): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  // A moment a little ahead of this clock (the server's is not ours) is "now", not "in 3 s".
  let amount = Math.min(0, (date.getTime() - now.getTime()) / 1000);
  let format: Intl.RelativeTimeFormat;
  try {
    format = new Intl.RelativeTimeFormat(`${lang}-u-nu-latn`, { numeric: 'auto' });
  } catch {
    format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  }
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size || unit === 'year') {
      // Under ten seconds reads "now" (numeric 'auto' says it for 0 seconds).
      const rounded = unit === 'second' && amount > -10 ? 0 : Math.round(amount);
      return format.format(rounded === 0 ? 0 : rounded, unit);
    }
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}
