// Where the toast shows: in a corner of the viewport (the spec gives no place), the bottom
// inline-end one unless that would cover a field's message, which the person has to read
// (issue 18). Pure maths over rectangles; the view measures them.

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A corner: at the block start (top) or end, at the inline start or end. */
export interface ToastPlace {
  top: boolean;
  start: boolean;
}

/** The corners tried, in order. */
const CORNERS: readonly ToastPlace[] = [
  { top: false, start: false },
  { top: false, start: true },
  { top: true, start: false },
  { top: true, start: true },
];

/** What a toast must not cover: the messages beside fields and the notes under them. */
export const FIELD_MESSAGES = '.form-field__error, .date-time__note:not(:empty)';

function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const height = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/** The rectangle a toast of `size` takes in a corner of the viewport, `margin` from its edges. */
export function cornerRect(
  place: ToastPlace,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  { margin, rtl }: { margin: number; rtl: boolean },
): Rect {
  const atLeft = place.start !== rtl;
  return {
    left: atLeft ? margin : viewport.width - margin - size.width,
    top: place.top ? margin : viewport.height - margin - size.height,
    ...size,
  };
}

/**
 * Return the first corner where the toast covers none of `avoid` (rectangles in viewport
 * coordinates), else the one where it covers least.
 */
export function placeToast(
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  avoid: readonly Rect[],
  options: { margin: number; rtl: boolean },
): ToastPlace {
  let best: ToastPlace = CORNERS[0] as ToastPlace;
  let least = Number.POSITIVE_INFINITY;
  for (const place of CORNERS) {
    const rect = cornerRect(place, size, viewport, options);
    const covered = avoid.reduce((sum, other) => sum + overlap(rect, other), 0);
    if (covered === 0) return place;
    if (covered < least) [best, least] = [place, covered];
  }
  return best;
}
