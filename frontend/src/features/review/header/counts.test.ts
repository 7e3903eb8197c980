import { beforeEach, describe, expect, it } from 'vitest';
import { FRESH_MS, countText, keepCounts, keptCounts } from './counts';

/** The tab's sessionStorage, as the logic tests run without a browser. */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

let sessionStorage: Storage;

describe('the header counts kept in the tab', () => {
  beforeEach(() => {
    sessionStorage = memoryStorage();
  });

  it('are given back to the same user while fresh, then no more', () => {
    keepCounts(sessionStorage, 3, { waiting: 2, unread: 5, most: 100 }, 1_000);
    expect(keptCounts(sessionStorage, 3, 1_000 + FRESH_MS - 1)).toEqual({
      waiting: 2,
      unread: 5,
      most: 100,
    });
    expect(keptCounts(sessionStorage, 3, 1_000 + FRESH_MS)).toBeNull();
    // Another user signed in in the same tab never sees them.
    expect(keptCounts(sessionStorage, 4, 1_000)).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['null', 'null'],
    ['a count missing', '{"at":1000,"waiting":1,"most":100}'],
    ['a count as text', '{"at":1000,"waiting":"1","unread":0,"most":100}'],
    ['from the future', '{"at":9000,"waiting":1,"unread":0,"most":100}'],
  ])('are read as none when the stored value is %s', (_, stored) => {
    sessionStorage.setItem('cms.headerCounts.3', stored);
    expect(keptCounts(sessionStorage, 3, 1_000)).toBeNull();
  });

  it.each([
    [0, '0'],
    [7, '7'],
    [99, '99'],
    [100, '99+'],
  ])('shows %s as %s when the server counts up to 100', (count, shown) => {
    expect(countText(count, 100)).toBe(shown);
  });
});
