import { describe, expect, it } from 'vitest';
import {
  DRAG_THRESHOLD_PX,
  INDENT_PX,
  dropPlace,
  isDragging,
  stepVertical,
  toMovePayload,
} from './drag';
import { buildTree } from './model';
import type { CollapsedMap } from './model';
import { treePage } from './test/fixtures';

const ROW = 36;

/*
 * 1
 *   2 (open)
 *     4
 *   3
 * 5
 * 6
 */
const pages = [
  treePage(1, null, 1),
  treePage(2, 1, 1),
  treePage(3, 1, 2),
  treePage(4, 2, 1),
  treePage(5, null, 2),
  treePage(6, null, 3),
];
const open: CollapsedMap = { 2: false };
const model = buildTree(pages);

describe('isDragging', () => {
  it('uses the spec constants', () => {
    expect(DRAG_THRESHOLD_PX).toBe(15);
    expect(INDENT_PX).toBe(20);
  });

  it.each([
    [0, 0, false],
    [14, 0, false],
    [0, -14.9, false],
    [15, 0, true],
    [0, -15, true],
    [9, 12, true],
    [8, 12, false],
  ])('dx=%d dy=%d counts as drag: %s', (dx, dy, expected) => {
    expect(isDragging(dx, dy)).toBe(expected);
  });
});

describe('dropPlace', () => {
  it.each([
    // [label, id, dx, dy, expected place]
    ['no movement keeps the place', 5, 0, 0, { parentId: null, index: 1 }],
    ['less than a row keeps the place', 5, 0, 17, { parentId: null, index: 1 }],
    ['one row down reorders after the next row', 5, 0, ROW, { parentId: null, index: 2 }],
    ['far down clamps to the end', 5, 0, ROW * 50, { parentId: null, index: 2 }],
    ['one row up lands after the row above, as its sibling', 5, 0, -ROW, { parentId: 2, index: 1 }],
    ['far up clamps to the first top-level place', 6, 0, -ROW * 50, { parentId: null, index: 0 }],
    ['up into an open branch lands among its children', 3, 0, -ROW, { parentId: 2, index: 0 }],
    [
      'left by one indent moves the last child out after its parent',
      3,
      -INDENT_PX,
      0,
      { parentId: null, index: 1 },
    ],
    ['left by less than an indent does nothing', 3, -INDENT_PX + 1, 0, { parentId: 1, index: 1 }],
    ['left is refused when not the last child', 2, -INDENT_PX, 0, { parentId: 1, index: 0 }],
    [
      'left twice stops once no longer the last child',
      4,
      -INDENT_PX * 2,
      0,
      { parentId: 1, index: 1 },
    ],
    ['left on a top-level page does nothing', 5, -INDENT_PX, 0, { parentId: null, index: 1 }],
    [
      'right nests under the open previous sibling as last child',
      3,
      INDENT_PX,
      0,
      { parentId: 2, index: 1 },
    ],
    [
      'right nests under a previous sibling without children',
      6,
      INDENT_PX,
      0,
      { parentId: 5, index: 0 },
    ],
    [
      'right is refused when there is no previous sibling',
      2,
      INDENT_PX,
      0,
      { parentId: 1, index: 0 },
    ],
    ['down past a sibling stays at that depth', 4, 0, ROW, { parentId: 1, index: 2 }],
    ['down past a sibling keeps that depth', 4, 0, ROW, { parentId: 1, index: 2 }],
    ['down then left combines both', 4, -INDENT_PX, ROW, { parentId: null, index: 1 }],
  ])('%s', (_, id, dx, dy, expected) => {
    expect(dropPlace(model, open, id, dx, dy, ROW)).toEqual(expected);
  });

  it('refuses to nest under a collapsed previous sibling', () => {
    // 1 is open by default; collapse it so 5 cannot nest under it.
    expect(dropPlace(model, { 1: true }, 5, INDENT_PX, 0, ROW)).toEqual({
      parentId: null,
      index: 1,
    });
    expect(dropPlace(model, {}, 5, INDENT_PX, 0, ROW)).toEqual({ parentId: 1, index: 2 });
  });

  it('moves an open page together with its subtree rows', () => {
    // Rows: root, 1, 2, 4, 3, 5, 6. Dragging 2 (with 4) down one row passes 3.
    expect(dropPlace(model, open, 2, 0, ROW, ROW)).toEqual({ parentId: 1, index: 1 });
  });
});

describe('stepVertical', () => {
  it.each([
    [5, -1, { parentId: null, index: 0 }],
    [5, 1, { parentId: null, index: 2 }],
    [1, -1, null],
    [6, 1, null],
  ] as const)('page %i direction %i', (id, direction, expected) => {
    expect(stepVertical(model, id, direction)).toEqual(expected);
  });
});

describe('toMovePayload', () => {
  it.each([
    [
      { parentId: null, index: 0 },
      { parent_id: false, position: 1 },
    ],
    [
      { parentId: 7, index: 2 },
      { parent_id: 7, position: 3 },
    ],
  ])('%o becomes %o', (place, payload) => {
    expect(toMovePayload(place)).toEqual(payload);
  });
});
