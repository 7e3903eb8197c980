import { describe, expect, it } from 'vitest';
import { firstShownIndex } from './focus';
import { buildTree, flattenVisible } from './model';
import { treePage } from './test/fixtures';

describe('firstShownIndex', () => {
  // All Pages › 1 › 3 (open), 2; 4 › 5 (closed: 5 has a parent and no explicit choice).
  const model = buildTree([
    treePage(1, null, 1, { child_count: 2 }),
    treePage(2, 1, 2),
    treePage(3, 1, 1, { child_count: 1 }),
    treePage(4, null, 2),
    treePage(5, 3, 1),
  ]);
  const rows = flattenVisible(model, {});

  it('finds the first match in the tree’s order, not the order of the ids', () => {
    expect(rows.map((row) => row.id)).toEqual([null, 1, 3, 2, 4]);
    expect(firstShownIndex(rows, [4, 2, 3])).toBe(2);
  });

  it('skips matches that no row shows, and the root', () => {
    expect(firstShownIndex(rows, [5, 4])).toBe(4);
  });

  it('returns -1 when no row shows a match', () => {
    expect(firstShownIndex(rows, [5])).toBe(-1);
    expect(firstShownIndex(rows, [])).toBe(-1);
  });
});
