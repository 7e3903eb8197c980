// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { clearLocal, localKey, newer, readLocal, changesNothing, writeLocal } from './localCopy';

const target = { userId: 1, pageId: 5, locale: 'en' };
const copy = (savedAt: string, name = 'Team') => ({ payload: { page: { name } }, savedAt });

describe('the local working copy', () => {
  it('is kept per user, page and locale', () => {
    expect(localKey(target)).toBe('cms.workingCopy:1:5:en');
    writeLocal(window.localStorage, target, copy('2026-05-02T10:00:00Z'));
    expect(readLocal(window.localStorage, target)).toEqual(copy('2026-05-02T10:00:00Z'));
    expect(readLocal(window.localStorage, { ...target, locale: 'nb' })).toBeNull();
    expect(readLocal(window.localStorage, { ...target, userId: 2 })).toBeNull();
    clearLocal(window.localStorage, target);
    expect(readLocal(window.localStorage, target)).toBeNull();
  });

  it('reads nothing from what it cannot understand', () => {
    for (const text of ['{', '[]', '{"savedAt": 1}', '{"savedAt": "x", "payload": {"page": 3}}']) {
      window.localStorage.setItem(localKey(target), text);
      expect(readLocal(window.localStorage, target)).toBeNull();
    }
    expect(readLocal(null, target)).toBeNull();
  });

  it('says false when the browser refuses to keep it', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(writeLocal(full, target, copy('2026-05-02T10:00:00Z'))).toBe(false);
  });

  it('chooses the newer of two copies', () => {
    const older = copy('2026-05-02T10:00:00Z', 'Old');
    const later = copy('2026-05-02T10:00:01Z', 'New');
    expect(newer(older, later)).toBe(later);
    expect(newer(later, older)).toBe(later);
    expect(newer(null, older)).toBe(older);
    expect(newer(null, null)).toBeNull();
  });

  it('tells a copy that changes nothing: versions, key order, moments and empty texts aside', () => {
    const stored = {
      page: { name: 'A', lock_version: 4, intro: '', tags: [{ a: 2, b: 1 }], headline: 'H' },
    };
    const copy = (page: Record<string, unknown>) => ({ page });
    expect(
      changesNothing(
        copy({ name: 'A', lock_version: 3, _method: 'put', tags: [{ b: 1, a: 2 }] }),
        stored,
      ),
    ).toBe(true);
    // What a copy does not carry stays as it is.
    expect(changesNothing(copy({ name: 'A', body: '' }), stored)).toBe(true);
    expect(changesNothing(copy({ name: 'B' }), stored)).toBe(false);
    expect(changesNothing(copy({ headline: '' }), stored)).toBe(false);
    const at = (published_at: string) => copy({ published_at });
    expect(changesNothing(at('2026-01-01T10:00:00.000Z'), at('2026-01-01T10:00:00Z'))).toBe(true);
    expect(changesNothing(at('2026-01-01T10:00:00Z'), at('2026-01-01T11:00:00+01:00'))).toBe(true);
    expect(changesNothing(at('2026-01-01T10:00:00Z'), at('2026-01-01T10:00:01Z'))).toBe(false);
  });
});
