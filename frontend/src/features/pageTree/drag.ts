// Drag maths for the page tree (spec §4 "Dragging in the tree", §9):
// pure functions from a pointer offset to a place in the tree.
import {
  appendPosition,
  detach,
  flattenVisible,
  isCollapsed,
  isLoaded,
  isSaved,
  locate,
  movePage,
  serverPosition,
  shownChildCount,
  visibleChildIds,
} from './model';
import type { CollapsedMap, ParentId, TreeModel } from './model';

export const DRAG_THRESHOLD_PX = 15;
export const INDENT_PX = 20;

/** A place in the tree: parent and final 0-based index among its children. */
export interface TreePlace {
  parentId: ParentId;
  index: number;
}

/** The body of PUT …/move.json. */
export interface MovePayload {
  parent_id: number | false;
  position: number;
}

/**
 * True once the pointer has moved at least 15 px in total from where it went down. "In total"
 * is the horizontal plus the vertical movement (|dx| + |dy|), not the straight-line distance.
 */
export function isDragging(dx: number, dy: number): boolean {
  return Math.abs(dx) + Math.abs(dy) >= DRAG_THRESHOLD_PX;
}

/**
 * Return the move call's payload for putting a page at a place (false for the root): the
 * position counts the siblings as the server does, deleted and unsaved ones not. Under a
 * parent whose children are not all known, the place cannot be counted: the page goes last.
 */
export function toMovePayload(model: TreeModel, id: number, place: TreePlace): MovePayload {
  return {
    parent_id: place.parentId ?? false,
    position: isLoaded(model, place.parentId)
      ? serverPosition(model, id, place.parentId, place.index)
      : appendPosition(model, id, place.parentId),
  };
}

/** Pixels per frame to scroll while dragging near the top (-) or bottom (+) of the viewport. */
export function autoScrollSpeed(clientY: number, viewportHeight: number): number {
  const edge = 48;
  const maxSpeed = 24;
  if (clientY < edge) return -Math.ceil(((edge - Math.max(clientY, 0)) / edge) * maxSpeed);
  const fromBottom = viewportHeight - clientY;
  if (fromBottom < edge) return Math.ceil(((edge - Math.max(fromBottom, 0)) / edge) * maxSpeed);
  return 0;
}

export function samePlace(a: TreePlace | null, b: TreePlace | null): boolean {
  return a !== null && b !== null && a.parentId === b.parentId && a.index === b.index;
}

function isOpenForNesting(model: TreeModel, collapsed: CollapsedMap, id: number): boolean {
  const page = model.pages.get(id);
  // A new page must be saved before anything can go under it.
  if (!page || !isSaved(id)) return false;
  // A page without children has nothing to hide, so it counts as open; one whose children
  // are not loaded yet has them all the same.
  return shownChildCount(model, id) === 0 || !isCollapsed(page, collapsed);
}

/** Step out: after the parent, but only when the page is its parent's last child. */
export function stepOut(model: TreeModel, id: number, requireLastChild = true): TreePlace | null {
  const place = locate(model, id);
  if (!place || place.parentId === null) return null;
  const siblings = visibleChildIds(model, place.parentId);
  if (requireLastChild && siblings[siblings.length - 1] !== id) return null;
  const parentPlace = locate(model, place.parentId);
  if (!parentPlace) return null;
  return { parentId: parentPlace.parentId, index: parentPlace.index + 1 };
}

/**
 * Step in: last child of the previous sibling, when that sibling is open. Under a sibling
 * whose children are not loaded, last of those known: the store settles the place once
 * they are.
 */
export function stepIn(
  model: TreeModel,
  collapsed: CollapsedMap,
  id: number,
  requireOpen = true,
): TreePlace | null {
  const place = locate(model, id);
  if (!place) return null;
  const siblings = visibleChildIds(model, place.parentId);
  const previous = siblings[siblings.indexOf(id) - 1];
  if (previous === undefined || !isSaved(previous)) return null;
  if (requireOpen && !isOpenForNesting(model, collapsed, previous)) return null;
  const count = (model.children.get(previous) ?? []).length;
  return { parentId: previous, index: count };
}

/** Swap with the previous (-1) or next (+1) shown sibling. */
export function stepVertical(model: TreeModel, id: number, direction: -1 | 1): TreePlace | null {
  const place = locate(model, id);
  if (!place) return null;
  const siblings = visibleChildIds(model, place.parentId);
  const neighbour = siblings[siblings.indexOf(id) + direction];
  if (neighbour === undefined) return null;
  // Final index, counted after the page left its slot: the neighbour's own
  // index in both directions (moving down, the neighbour shifts up by one).
  const index = (model.children.get(place.parentId) ?? []).indexOf(neighbour);
  return { parentId: place.parentId, index };
}

function verticalPlace(
  model: TreeModel,
  collapsed: CollapsedMap,
  id: number,
  rowShift: number,
): TreePlace | null {
  const rows = flattenVisible(model, collapsed).filter((row) => row.id !== null);
  const start = rows.findIndex((row) => row.id === id);
  if (start === -1) return null;
  const own = rows[start];
  let end = start + 1;
  while (own && rows[end] && (rows[end]?.depth ?? 0) > own.depth) end += 1;
  const others = [...rows.slice(0, start), ...rows.slice(end)];
  const slot = Math.max(0, Math.min(start + rowShift, others.length));
  if (slot === start) return locate(model, id);
  const withoutPage = detach(model, id);
  const above = others[slot - 1];
  if (above?.id == null) return { parentId: null, index: 0 };
  // An open page with children above: become its first child. Otherwise land
  // right after the row above, as its sibling; indent steps then adjust depth.
  if (!above.collapsed && above.childCount > 0) return { parentId: above.id, index: 0 };
  const at = locate(withoutPage, above.id);
  return at && { parentId: above.parentId, index: at.index + 1 };
}

/**
 * Return where a dragged page would land for a pointer offset: vertical movement
 * reorders by whole rows, then each 20 px indent step left or right re-parents.
 * dx is in reading direction (callers mirror it for right-to-left locales).
 */
export function dropPlace(
  model: TreeModel,
  collapsed: CollapsedMap,
  id: number,
  dx: number,
  dy: number,
  rowHeight: number,
): TreePlace | null {
  const vertical = verticalPlace(model, collapsed, id, Math.round(dy / rowHeight));
  if (!vertical) return null;
  let current = movePage(model, id, vertical.parentId, vertical.index);
  let place: TreePlace = vertical;
  const steps = Math.trunc(dx / INDENT_PX);
  for (let step = 0; step < Math.abs(steps); step += 1) {
    const next = steps < 0 ? stepOut(current, id) : stepIn(current, collapsed, id);
    if (!next) break;
    place = next;
    current = movePage(current, id, next.parentId, next.index);
  }
  return place;
}
