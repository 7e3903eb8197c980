import { describe, expect, it } from 'vitest';
import { IDLE_SEARCH, searchStatusText, splitMatch } from './search';
import type { SearchState } from './search';

describe('splitMatch', () => {
  it.each([
    ['The first librarians', 'FIRST', ['The ', 'first', ' librarians']],
    ['Om oss', ' oss ', ['Om ', 'oss', '']],
    ['Contact', 'about', null],
    ['İstanbul', 'stan', null],
    ['Home', '  ', null],
  ])('splits %s around %s', (name, query, parts) => {
    expect(splitMatch(name, query)).toEqual(parts);
  });
});

describe('searchStatusText', () => {
  const done = (count: number): SearchState => ({
    query: 'lib',
    status: 'done',
    matches: new Set(Array.from({ length: count }, (_, index) => index + 1)),
  });

  it.each([
    [IDLE_SEARCH, ''],
    [{ ...IDLE_SEARCH, query: 'lib', status: 'searching' } as SearchState, 'Searching…'],
    [{ ...IDLE_SEARCH, query: 'lib', status: 'failed' } as SearchState, 'The search failed.'],
    [done(0), 'No page name contains “lib”.'],
    [done(1), '1 page found. Press Enter to go to the first.'],
    [done(7), '7 pages found. Press Enter to go to the first.'],
    [done(100), 'The first 100 pages found. Press Enter to go to the first.'],
  ])('%#: says %s', (search, text) => {
    expect(searchStatusText(search)).toBe(text);
  });
});
