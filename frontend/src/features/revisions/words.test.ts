import { describe, expect, it } from 'vitest';
import { revision } from './test/fixtures';
import { savedAt, savedBy } from './words';

describe('a revision in words', () => {
  it('names who saved it, or a former user for one deleted since', () => {
    expect(savedBy(revision(1))).toBe('Eva Editor');
    expect(savedBy(revision(1, { user: { id: 3, username: 'kari', name: '' } }))).toBe('kari');
    expect(savedBy(revision(1, { user: { id: null, username: '', name: '' } }))).toBe(
      'A former user',
    );
  });

  it('says when to the second, with Western digits in Arabic', () => {
    const one = savedAt(revision(1, { at: '2026-05-02T14:05:07Z' }), 'en');
    const next = savedAt(revision(2, { at: '2026-05-02T14:05:48Z' }), 'en');
    expect(one).toMatch(/2026/);
    expect(one).not.toBe(next);
    expect(savedAt(revision(1, { at: '2026-05-02T14:05:07Z' }), 'ar')).not.toMatch(/[٠-٩]/);
  });
});
