// Date-range rules (spec §4, §5, §9): default start the next full hour plus one second, end 60
// minutes later; the end never before the start; moving the start shifts the end with it; the
// time box takes "H" or "H:MM" only; the year list spans 100 years either side of today.
import {
  addHours,
  addMilliseconds,
  addMinutes,
  addSeconds,
  differenceInMilliseconds,
  getDaysInMonth,
  setDate,
  setMonth,
  setYear,
  startOfHour,
} from 'date-fns';

export const DEFAULT_DURATION_MINUTES = 60;
export const YEAR_SPAN = 100;
const TIME_PATTERN = /^(\d{1,2})(?::(\d{1,2}))?$/;

export interface DateRangeValue {
  startsAt: Date;
  endsAt: Date;
  allDay: boolean;
}

export interface TimeOfDay {
  hours: number;
  minutes: number;
}

/** Return the next full hour after `now`, plus one second. */
export function defaultStart(now: Date): Date {
  return addSeconds(addHours(startOfHour(now), 1), 1);
}

/** Return the default range for a page without dates. */
export function defaultRange(now: Date): DateRangeValue {
  const startsAt = defaultStart(now);
  return { startsAt, endsAt: addMinutes(startsAt, DEFAULT_DURATION_MINUTES), allDay: false };
}

/** Return the end, or the start when the end lies before it. */
export function clampEnd(startsAt: Date, endsAt: Date): Date {
  return endsAt.getTime() < startsAt.getTime() ? new Date(startsAt) : endsAt;
}

/** Move the start and shift the end by the same amount. */
export function moveStart(range: DateRangeValue, startsAt: Date): DateRangeValue {
  const delta = differenceInMilliseconds(startsAt, range.startsAt);
  return { ...range, startsAt, endsAt: addMilliseconds(range.endsAt, delta) };
}

/** Set the end, never earlier than the start. */
export function moveEnd(range: DateRangeValue, endsAt: Date): DateRangeValue {
  return { ...range, endsAt: clampEnd(range.startsAt, endsAt) };
}

/** Parse a typed time ("9", "09:30", "9:5"); return null for anything else. */
export function parseTime(text: string): TimeOfDay | null {
  const match = TIME_PATTERN.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (hours > 23 || minutes > 59) return null;
  return { hours, minutes };
}

/** Return the date with the time of day replaced (seconds cleared). */
export function withTime(date: Date, time: TimeOfDay): Date {
  const result = new Date(date);
  result.setHours(time.hours, time.minutes, 0, 0);
  return result;
}

/** Format the local time of day as H:MM with two-digit hours. */
export function formatTime(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * Return the selectable years: YEAR_SPAN either side of the current year (or the `range`
 * given, such as this year and a few ahead for a time to come), and the selected one.
 */
export function yearOptions(
  currentYear: number,
  selectedYear: number = currentYear,
  range: { first: number; last: number } = {
    first: currentYear - YEAR_SPAN,
    last: currentYear + YEAR_SPAN,
  },
): number[] {
  const first = Math.min(range.first, selectedYear);
  const last = Math.max(range.last, selectedYear);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** Return the days of the date's month. */
export function dayOptions(date: Date): number[] {
  return Array.from({ length: getDaysInMonth(date) }, (_, index) => index + 1);
}

export type DatePart = 'day' | 'month' | 'year';

/** Change one part of a date; a day past the end of the new month is clamped to its last day. */
export function withDatePart(date: Date, part: DatePart, value: number): Date {
  switch (part) {
    case 'day':
      return setDate(date, Math.min(value, getDaysInMonth(date)));
    case 'month':
      return setMonth(date, value);
    case 'year':
      return setYear(date, value);
  }
}

/** Parse an ISO 8601 string; return null for null or an invalid date. */
export function parseIso(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
