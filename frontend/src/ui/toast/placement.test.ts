import { describe, expect, it } from 'vitest';
import { placeToast } from './placement';
import type { Rect } from './placement';

const viewport = { width: 390, height: 844 };
const toast = { width: 300, height: 48 };
const options = { margin: 24, rtl: false };
// A field's message at the bottom right, one at the bottom left, one at the top.
const bottomRight: Rect = { left: 200, top: 780, width: 150, height: 20 };
const bottomLeft: Rect = { left: 30, top: 790, width: 60, height: 20 };
const topRight: Rect = { left: 250, top: 40, width: 100, height: 20 };

describe('placeToast', () => {
  it.each([
    ['nothing to avoid: bottom, inline end', [], { top: false, start: false }],
    [
      'a message under the bottom corners: the top',
      [bottomRight, bottomLeft],
      { top: true, start: false },
    ],
    [
      'messages in three corners: the fourth',
      [bottomRight, bottomLeft, topRight],
      { top: true, start: true },
    ],
    [
      'a message far from the toast changes nothing',
      [{ ...topRight, top: 400 }],
      { top: false, start: false },
    ],
  ] as [string, Rect[], { top: boolean; start: boolean }][])('%s', (_, avoid, expected) => {
    expect(placeToast(toast, viewport, avoid, options)).toEqual(expected);
  });

  it('mirrors the corners right to left', () => {
    // At the bottom left, which is the inline end in Arabic.
    const small = { width: 100, height: 48 };
    expect(placeToast(small, viewport, [bottomLeft], { margin: 24, rtl: true })).toEqual({
      top: false,
      start: true,
    });
    expect(placeToast(small, viewport, [bottomLeft], options)).toEqual({
      top: false,
      start: false,
    });
  });

  it('covers least when every corner covers something', () => {
    const everywhere: Rect[] = [
      { left: 0, top: 0, width: 390, height: 80 },
      { left: 0, top: 760, width: 390, height: 10 },
    ];
    expect(placeToast(toast, viewport, everywhere, options)).toEqual({ top: false, start: false });
  });
});
