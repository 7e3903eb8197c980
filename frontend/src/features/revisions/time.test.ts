import { describe, expect, it } from 'vitest';
import { timeAgo } from './time';

const now = new Date('2026-05-02T14:05:00Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('timeAgo', () => {
  it('says how long ago, in the largest unit that fits', () => {
    expect(timeAgo(before(3), now, 'en')).toBe('now');
    expect(timeAgo(before(45), now, 'en')).toBe('45 seconds ago');
    expect(timeAgo(before(5 * 60), now, 'en')).toBe('5 minutes ago');
    expect(timeAgo(before(3 * 3600), now, 'en')).toBe('3 hours ago');
    expect(timeAgo(before(26 * 3600), now, 'en')).toBe('yesterday');
    expect(timeAgo(before(3 * 86400), now, 'en')).toBe('3 days ago');
    expect(timeAgo(before(400 * 86400), now, 'en')).toBe('last year');
  });

  it('speaks the interface language, with Western digits in Arabic', () => {
    expect(timeAgo(before(5 * 60), now, 'nb')).toBe('for 5 minutter siden');
    const arabic = timeAgo(before(5 * 60), now, 'ar');
    expect(arabic).toContain('5');
    expect(arabic).not.toMatch(/[٠-٩]/);
  });

  it('calls a moment ahead of this clock now, and keeps an unreadable one as it is', () => {
    expect(timeAgo(new Date(now.getTime() + 30_000), now, 'en')).toBe('now');
    expect(timeAgo('not a date', now, 'en')).toBe('not a date');
  });
});
