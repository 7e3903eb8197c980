// The calendar's arithmetic (issue 31, item 6): months as YYYY-MM, days as the browser's local
// dates (the admin keeps no time zone per user, so the browser's is the user's), and which
// days each dated page covers within a month.
import type { CalendarItem } from '../../api/types';

/** The most days one page is shown on (a month's worth); longer spans are clipped anyway. */
const MAX_DAYS = 31;

export interface Month {
  year: number;
  month: number; // 1..12
}

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function parseMonth(text: string): Month | null {
  const found = MONTH_PATTERN.exec(text);
  return found ? { year: Number(found[1]), month: Number(found[2]) } : null;
}

export function formatMonth({ year, month }: Month): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

export function shiftMonth({ year, month }: Month, delta: number): Month {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function currentMonth(now: Date = new Date()): Month {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/** The browser's offset east of UTC, in minutes, at the month's first local midnight. */
export function offsetMinutes({ year, month }: Month): number {
  return -new Date(year, month - 1, 1).getTimezoneOffset();
}

/** A local date's key: YYYY-MM-DD. */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The month's days, in weeks starting on `weekStart` (0 Sunday … 6 Saturday); null pads. */
export function weeks({ year, month }: Month, weekStart: number): (Date | null)[][] {
  const days = new Date(year, month, 0).getDate();
  const lead = (new Date(year, month - 1, 1).getDay() - weekStart + 7) % 7;
  const cells: (Date | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= days; day++) cells.push(new Date(year, month - 1, day));
  while (cells.length % 7) cells.push(null);
  const rows: (Date | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) rows.push(cells.slice(i, i + 7));
  return rows;
}

/** The local days a page covers: from its start's day to its end's (a timed page ending at
 * midnight ends the day before); a page without an end, its start's day alone. */
export function coveredDays(item: CalendarItem): string[] {
  const start = new Date(item.starts_at);
  if (Number.isNaN(start.getTime())) return [];
  let end = item.ends_at ? new Date(item.ends_at) : start;
  if (Number.isNaN(end.getTime()) || end < start) end = start;
  const atMidnight = end.getHours() === 0 && end.getMinutes() === 0 && end.getSeconds() === 0;
  if (!item.all_day && atMidnight && end > start) end = new Date(end.getTime() - 1);
  const keys: string[] = [];
  const day = new Date(start.getFullYear(), start.getMonth(), start.getDate());
  const last = dayKey(end);
  for (let i = 0; i < MAX_DAYS * 13; i++) {
    const key = dayKey(day);
    keys.push(key);
    if (key >= last) break;
    day.setDate(day.getDate() + 1);
  }
  return keys;
}

/** The pages of a month by local day (only the month's days), in the order given. */
export function byDay(items: readonly CalendarItem[], month: Month): Map<string, CalendarItem[]> {
  const prefix = `${formatMonth(month)}-`;
  const days = new Map<string, CalendarItem[]>();
  for (const item of items) {
    for (const key of coveredDays(item)) {
      if (!key.startsWith(prefix)) continue;
      const list = days.get(key);
      if (list) list.push(item);
      else days.set(key, [item]);
    }
  }
  return days;
}

/** The first day of the week in an interface language: Sunday (en), Saturday (ar), Monday. */
export function weekStartOf(lang: string): number {
  if (lang === 'en') return 0;
  if (lang === 'ar') return 6;
  return 1;
}
