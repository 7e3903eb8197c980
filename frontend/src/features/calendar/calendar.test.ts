// The calendar's arithmetic: months, the grid's weeks, and the local days a page covers.
import { describe, expect, it } from 'vitest';
import type { CalendarItem } from '../../api/types';
import { byDay, coveredDays, formatMonth, parseMonth, shiftMonth, weeks } from './calendar';

const item = (fields: Partial<CalendarItem>): CalendarItem => ({
  id: 1,
  name: 'Event',
  status: 2,
  starts_at: new Date(2025, 2, 10, 9).toISOString(),
  ends_at: null,
  all_day: false,
  ...fields,
});

describe('months', () => {
  it('parses YYYY-MM and nothing else', () => {
    expect(parseMonth('2025-03')).toEqual({ year: 2025, month: 3 });
    for (const bad of ['2025-13', '2025-3', '99999-01', '', '2025-00']) {
      expect(parseMonth(bad)).toBeNull();
    }
  });

  it('shifts across years', () => {
    expect(formatMonth(shiftMonth({ year: 2025, month: 1 }, -1))).toBe('2024-12');
    expect(formatMonth(shiftMonth({ year: 2025, month: 12 }, 1))).toBe('2026-01');
  });

  it('lays a month out in whole weeks from the week start', () => {
    const rows = weeks({ year: 2025, month: 3 }, 1); // 1 March 2025 was a Saturday
    expect(rows[0]?.slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(rows[0]?.[5]?.getDate()).toBe(1);
    expect(rows.flat().filter(Boolean)).toHaveLength(31);
    expect(rows.every((row) => row.length === 7)).toBe(true);
  });
});

describe('the days a page covers', () => {
  it('a page without an end: its start day', () => {
    expect(coveredDays(item({}))).toEqual(['2025-03-10']);
  });

  it('a span: every day from start to end; a timed end at midnight ends the day before', () => {
    const span = item({
      starts_at: new Date(2025, 2, 30, 20).toISOString(),
      ends_at: new Date(2025, 3, 2, 0, 0).toISOString(),
    });
    expect(coveredDays(span)).toEqual(['2025-03-30', '2025-03-31', '2025-04-01']);
  });

  it('an all-day span includes its last day', () => {
    const fair = item({
      all_day: true,
      starts_at: new Date(2025, 2, 1, 0).toISOString(),
      ends_at: new Date(2025, 2, 3, 0).toISOString(),
    });
    expect(coveredDays(fair)).toEqual(['2025-03-01', '2025-03-02', '2025-03-03']);
  });

  it('an end before the start or a broken date does not loop', () => {
    expect(coveredDays(item({ ends_at: new Date(2020, 0, 1).toISOString() }))).toEqual([
      '2025-03-10',
    ]);
    expect(coveredDays(item({ starts_at: 'nonsense' }))).toEqual([]);
  });

  it('byDay keeps only the month asked for', () => {
    const span = item({
      starts_at: new Date(2025, 1, 27, 9).toISOString(),
      ends_at: new Date(2025, 2, 2, 9).toISOString(),
    });
    expect([...byDay([span], { year: 2025, month: 3 }).keys()]).toEqual([
      '2025-03-01',
      '2025-03-02',
    ]);
  });
});
