import { describe, expect, it } from 'vitest';
import {
  DRAG_THRESHOLD_PX,
  INDENT_PX,
  autoScrollSpeed,
  dropPlace,
  isDragging,
  stepIn,
  stepOut,
  stepVertical,
  toMovePayload,
} from './drag';
import type { TreePlace } from './drag';
import { buildTree, insertPage } from './model';
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

describe('isDragging (|dx| + |dy| against the 15 px threshold)', () => {
  it('uses the spec constants', () => {
    expect(DRAG_THRESHOLD_PX).toBe(15);
    expect(INDENT_PX).toBe(20);
  });

  it.each([
    [0, 0, false],
    [14, 0, false],
    [0, -14.9, false],
    [10, 0, false],
    [15, 0, true],
    [-15, 0, true],
    [0, -15, true],
    [8, 8, true],
    [7, 7, false],
    [-7, 8, true],
    [7.5, -7.5, true],
    [7.4, -7.5, false],
    [10, 5, true],
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
      { parentId: 1, index: 1 },
      { parent_id: 1, position: 2 },
    ],
    [
      { parentId: 2, index: 1 },
      { parent_id: 2, position: 2 },
    ],
  ] as const)('%o becomes %o', (place, payload) => {
    expect(toMovePayload(model, 6, place)).toEqual(payload);
  });
});

/*
 * Positions count only the siblings the tree shows, wherever deleted ones (hidden) sit:
 *
 * 10
 *   11
 *   12 (deleted)
 *   13
 *   14 (deleted)
 * 20 (deleted)
 * 30
 *   31 (deleted)
 * 40
 */
describe('positions among deleted siblings', () => {
  const withDeleted = buildTree([
    treePage(10, null, 1),
    treePage(11, 10, 1),
    treePage(12, 10, 2, { status: 4 }),
    treePage(13, 10, 3),
    treePage(14, 10, 4, { status: 4 }),
    treePage(20, null, 2, { status: 4 }),
    treePage(30, null, 3),
    treePage(31, 30, 1, { status: 4 }),
    treePage(40, null, 4),
  ]);
  const payload = (id: number, place: TreePlace | null) =>
    place && toMovePayload(withDeleted, id, place);

  it.each([
    ['11 down past 13 (over deleted 12)', 11, 1, { parent_id: 10, position: 2 }],
    ['13 up before 11', 13, -1, { parent_id: 10, position: 1 }],
    ['30 up before 10', 30, -1, { parent_id: false, position: 1 }],
    ['40 up before 30, deleted 20 not counted', 40, -1, { parent_id: false, position: 2 }],
    ['30 down past 40', 30, 1, { parent_id: false, position: 3 }],
  ] as const)('keyboard: %s', (_, id, direction, expected) => {
    expect(payload(id, stepVertical(withDeleted, id, direction))).toEqual(expected);
  });

  it('moves the last shown child out after its parent, though a deleted sibling follows', () => {
    expect(payload(13, stepOut(withDeleted, 13))).toEqual({ parent_id: false, position: 2 });
  });

  it('nests as the first shown child of a previous sibling whose children are all deleted', () => {
    expect(payload(40, stepIn(withDeleted, {}, 40))).toEqual({ parent_id: 30, position: 1 });
  });

  it.each([
    ['13 up one row becomes the first child of 10', 13, -ROW, { parent_id: 10, position: 1 }],
    ['30 down one row lands after 40', 30, ROW, { parent_id: false, position: 3 }],
    ['11 down one row lands after 13', 11, ROW, { parent_id: 10, position: 2 }],
  ] as const)('dragging: %s', (_, id, dy, expected) => {
    expect(payload(id, dropPlace(withDeleted, {}, id, 0, dy, ROW))).toEqual(expected);
  });
});

describe('new pages not saved yet', () => {
  // A new, unsaved page (-1) sits after 1 at the top level.
  const withNew = insertPage(model, treePage(-1, null, 2), null, 1);

  it('are not counted in the position sent to the server', () => {
    // Final index 2 is after 1 and -1; the server only knows 1 before it.
    expect(toMovePayload(withNew, 6, { parentId: null, index: 2 })).toEqual({
      parent_id: false,
      position: 2,
    });
  });

  it('cannot take children before they are saved', () => {
    expect(stepIn(withNew, {}, 5)).toBeNull();
    expect(dropPlace(withNew, {}, 5, INDENT_PX, 0, ROW)).toEqual({ parentId: null, index: 2 });
  });
});

describe('autoScrollSpeed', () => {
  it.each([
    [400, 800, 0],
    [48, 800, 0],
    [24, 800, -12],
    [0, 800, -24],
    [-30, 800, -24],
    [776, 800, 12],
    [800, 800, 24],
  ])('at y=%d of %d px scrolls %d px a frame', (y, height, speed) => {
    expect(autoScrollSpeed(y, height)).toBe(speed);
  });
});
