import { describe, expect, it } from 'vitest';
import type { TreeRow } from './model';
import { NO_FILTER, filterMatches, filteredRows } from './translationFilter';
import type { TreePage } from './types';

const record = (id: number, parent: number | null, translations?: TreePage['translations']) =>
  ({
    id,
    parent_page_id: parent,
    position: 1,
    status: 0,
    published_at: null,
    pinned: false,
    news_page: false,
    template: 'page',
    path_segment: '',
    blocks: { name: { en: `Page ${id}` } },
    urls: {},
    permissions: [],
    lock_version: 1,
    child_count: 0,
    ...(translations ? { translations } : {}),
  }) satisfies TreePage;

const row = (id: number | null): TreeRow => ({
  id,
  parentId: null,
  depth: 1,
  collapsed: false,
  childCount: 0,
  posInSet: 1,
  setSize: 1,
});

describe('the translation filter', () => {
  it('matches the pages in the state by their own translations, not their ancestors', () => {
    const records = [
      record(1, null, { nb: 'current' }),
      record(2, 1, { nb: 'outdated' }),
      record(3, 2, { nb: 'outdated' }),
    ];
    expect(filterMatches(records, 'outdated', 'nb')).toEqual([2, 3]);
    expect(filterMatches(records, 'missing', 'nb')).toEqual([]);
  });

  it('takes the pages no other is under when the answer carries no states', () => {
    expect(filterMatches([record(1, null), record(2, 1), record(3, 1)], 'missing', 'nb')).toEqual([
      2, 3,
    ]);
  });

  it('leaves deleted pages out', () => {
    const gone = { ...record(4, null, { nb: 'missing' }), status: 4 as const };
    expect(filterMatches([gone], 'missing', 'nb')).toEqual([]);
  });

  it('shows the root, the matches and the pages above them once the answer is in', () => {
    const rows = [row(null), row(1), row(2), row(5)];
    const done = {
      kind: 'outdated' as const,
      status: 'done' as const,
      matches: new Set([2]),
      shown: new Set([1, 2]),
    };
    expect(filteredRows(rows, done).map((item) => item.id)).toEqual([null, 1, 2]);
    expect(filteredRows(rows, NO_FILTER)).toBe(rows);
    expect(filteredRows(rows, { ...done, status: 'loading' })).toBe(rows);
  });

  it('counts the places among siblings of the rows shown only', () => {
    // Top level: 1 (open), 5, 6; under 1: 2, 3, 4. Shown: 1 › 3, 6.
    const place = (id: number, parentId: number | null, posInSet: number, setSize: number) => ({
      ...row(id),
      parentId,
      depth: parentId === null ? 1 : 2,
      posInSet,
      setSize,
    });
    const rows = [
      row(null),
      place(1, null, 1, 3),
      place(2, 1, 1, 3),
      place(3, 1, 2, 3),
      place(4, 1, 3, 3),
      place(5, null, 2, 3),
      place(6, null, 3, 3),
    ];
    const filter = {
      kind: 'outdated' as const,
      status: 'done' as const,
      matches: new Set([3, 6]),
      shown: new Set([1, 3, 6]),
    };
    const places = filteredRows(rows, filter).map((item) => [item.id, item.posInSet, item.setSize]);
    expect(places).toEqual([
      [null, 1, 1],
      [1, 1, 2],
      [3, 1, 1],
      [6, 2, 2],
    ]);
    // Unfiltered, the places are the tree's own.
    expect(filteredRows(rows, NO_FILTER).map((item) => item.posInSet)).toEqual([
      1, 1, 1, 2, 3, 2, 3,
    ]);
  });
});
