import { describe, expect, it } from 'vitest';
import { formatNames, formatWhen, timeZoneLabel } from './when';

describe('moments and names in words', () => {
  it('writes a moment with its date and time, Western digits in Arabic too', () => {
    const at = '2026-05-02T14:05:00Z';
    expect(formatWhen(at, 'en')).toMatch(/2026/);
    expect(formatWhen(at, 'ar')).toMatch(/2026/);
    expect(formatWhen(at, 'ar')).not.toMatch(/[٠-٩]/);
    expect(formatWhen('not a date', 'en')).toBe('not a date');
  });

  it('lists names as the language does', () => {
    expect(formatNames(['Eva'], 'en')).toBe('Eva');
    expect(formatNames(['Eva', 'Ola', 'Kari'], 'en')).toBe('Eva, Ola, and Kari');
    expect(formatNames(['Eva', 'Ola'], 'nb')).toBe('Eva og Ola');
  });

  it('names the time zone with its offset', () => {
    const label = timeZoneLabel(new Date('2026-05-02T14:05:00Z'), 'en');
    expect(label).toContain(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(label).toMatch(/ \(GMT.*\)\u2069$/);
  });
});
