import { describe, expect, it } from 'vitest';
import {
  YEAR_SPAN,
  clampEnd,
  dayOptions,
  defaultRange,
  defaultStart,
  formatTime,
  moveEnd,
  moveStart,
  parseIso,
  parseTime,
  withDatePart,
  withTime,
  yearOptions,
} from './dates';

// Local-time constructors keep these tests independent of the machine's time zone.
const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo, d, h, mi, s);

describe('default start and end', () => {
  it.each([
    ['in the middle of an hour', at(2026, 4, 3, 10, 23, 45), at(2026, 4, 3, 11, 0, 1)],
    ['on a full hour', at(2026, 4, 3, 10, 0, 0), at(2026, 4, 3, 11, 0, 1)],
    ['just before midnight', at(2026, 11, 31, 23, 59, 59), at(2027, 0, 1, 0, 0, 1)],
  ])('starts the next full hour plus one second %s', (_, now, expected) => {
    expect(defaultStart(now)).toEqual(expected);
  });

  it('ends 60 minutes after the start and is not all day', () => {
    expect(defaultRange(at(2026, 4, 3, 10, 23))).toEqual({
      startsAt: at(2026, 4, 3, 11, 0, 1),
      endsAt: at(2026, 4, 3, 12, 0, 1),
      allDay: false,
    });
  });
});

describe('end clamp', () => {
  const start = at(2026, 4, 3, 10);
  it.each([
    ['before the start becomes the start', at(2026, 4, 3, 9), start],
    ['equal to the start stays', start, start],
    ['after the start stays', at(2026, 4, 3, 12), at(2026, 4, 3, 12)],
  ])('an end %s', (_, end, expected) => {
    expect(clampEnd(start, end)).toEqual(expected);
    expect(
      moveEnd({ startsAt: start, endsAt: at(2026, 4, 3, 11), allDay: false }, end).endsAt,
    ).toEqual(expected);
  });
});

describe('moving the start', () => {
  const range = { startsAt: at(2026, 4, 3, 10), endsAt: at(2026, 4, 3, 12), allDay: true };
  it.each([
    ['later by a day', at(2026, 4, 4, 10), at(2026, 4, 4, 12)],
    ['earlier by 90 minutes', at(2026, 4, 3, 8, 30), at(2026, 4, 3, 10, 30)],
    ['past the end', at(2026, 4, 3, 15), at(2026, 4, 3, 17)],
  ])('%s shifts the end by the same amount', (_, start, end) => {
    expect(moveStart(range, start)).toEqual({ startsAt: start, endsAt: end, allDay: true });
  });
});

describe('time box parsing', () => {
  it.each([
    ['9', { hours: 9, minutes: 0 }],
    ['09', { hours: 9, minutes: 0 }],
    ['9:5', { hours: 9, minutes: 5 }],
    ['14:30', { hours: 14, minutes: 30 }],
    [' 7:45 ', { hours: 7, minutes: 45 }],
    ['0:00', { hours: 0, minutes: 0 }],
    ['23:59', { hours: 23, minutes: 59 }],
  ])('accepts %j', (text, expected) => {
    expect(parseTime(text)).toEqual(expected);
  });

  it.each(['', '14:', ':30', '123', '1:234', '14.30', '2pm', '14:30:00', 'ab', '24:00', '12:60'])(
    'ignores %j',
    (text) => {
      expect(parseTime(text)).toBeNull();
    },
  );

  it('sets the time of day and clears the seconds', () => {
    expect(withTime(at(2026, 4, 3, 11, 0, 1), { hours: 14, minutes: 5 })).toEqual(
      at(2026, 4, 3, 14, 5),
    );
    expect(formatTime(at(2026, 4, 3, 9, 5))).toBe('09:05');
  });
});

describe('year list', () => {
  it('spans at least 100 years either side of the current year', () => {
    const years = yearOptions(2026);
    expect(YEAR_SPAN).toBeGreaterThanOrEqual(100);
    expect(years[0]).toBe(1926);
    expect(years.at(-1)).toBe(2126);
    expect(years).toHaveLength(201);
  });

  it.each([
    [1850, 1850, 2126],
    [2200, 1926, 2200],
  ])('includes a selected year outside the span (%i)', (selected, first, last) => {
    const years = yearOptions(2026, selected);
    expect(years[0]).toBe(first);
    expect(years.at(-1)).toBe(last);
  });
});

describe('date parts', () => {
  it.each([
    ['day', 15, at(2026, 0, 15, 10)],
    ['month', 1, at(2026, 1, 28, 10)],
    ['year', 2030, at(2030, 0, 31, 10)],
  ] as const)('changing the %s keeps a valid date', (part, value, expected) => {
    expect(withDatePart(at(2026, 0, 31, 10), part, value)).toEqual(expected);
  });

  it('lists the days of the month', () => {
    expect(dayOptions(at(2024, 1, 10))).toHaveLength(29);
    expect(dayOptions(at(2026, 3, 10))).toHaveLength(30);
  });

  it.each([
    [null, null],
    ['', null],
    ['nonsense', null],
    ['2026-11-22T10:00:00Z', new Date(Date.UTC(2026, 10, 22, 10))],
  ])('parses ISO %j', (value, expected) => {
    expect(parseIso(value)).toEqual(expected);
  });
});
