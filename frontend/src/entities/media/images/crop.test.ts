import { describe, expect, it } from 'vitest';
import {
  ASPECT_PRESETS,
  FULL_CROP,
  aspectCrop,
  changeAspect,
  completeCrop,
  cropStateFromImage,
  cropStateToPixels,
  presetAspect,
  displayHeight,
  limitCrop,
  moveFocal,
  nudgeCrop,
  previewType,
  toggleFocal,
  NO_CROP,
} from './crop';
import type { CropState, PixelCropFields } from './crop';

const size = { real_width: 2000, real_height: 1000 };
const noCrop = NO_CROP;
/** The pixel fields as numbers (NaN for null), for arithmetic. */
const numbers = (pixels: PixelCropFields) => ({
  x: pixels.crop_start_x ?? NaN,
  y: pixels.crop_start_y ?? NaN,
  width: pixels.crop_width ?? NaN,
  height: pixels.crop_height ?? NaN,
});
const state = (over: Partial<CropState> = {}): CropState => ({
  crop: { x: 10, y: 10, width: 50, height: 50 },
  focal: null,
  aspect: null,
  ...over,
});

describe('aspect presets', () => {
  it('are the spec’s, in order', () => {
    expect(ASPECT_PRESETS.map((preset) => preset.label)).toEqual([
      'Free',
      '1:1',
      '3:2',
      '2:3',
      '4:3',
      '3:4',
      '5:4',
      '4:5',
      '16:9',
    ]);
  });
});

describe('percent and pixels', () => {
  it('reads no crop as the whole image and no gravity as no focal point', () => {
    expect(cropStateFromImage({ ...size, ...noCrop })).toEqual({
      crop: FULL_CROP,
      focal: null,
      aspect: null,
    });
  });

  it('converts a stored crop and focal point to percent and back to the same pixels', () => {
    const stored = {
      crop_start_x: 200,
      crop_start_y: 100,
      crop_width: 1000,
      crop_height: 500,
      crop_gravity_x: 700,
      crop_gravity_y: 350,
    };
    const read = cropStateFromImage({ ...size, ...stored });
    expect(read.crop).toEqual({ x: 10, y: 10, width: 50, height: 50 });
    expect(read.focal).toEqual({ x: 35, y: 35 });
    expect(cropStateToPixels(read, size)).toEqual(stored);
  });

  it('sends a whole-image crop as no crop, keeping the focal point', () => {
    const pixels = cropStateToPixels(
      state({ crop: { ...FULL_CROP }, focal: { x: 50, y: 50 } }),
      size,
    );
    expect(pixels).toEqual({ ...noCrop, crop_gravity_x: 1000, crop_gravity_y: 500 });
  });

  it('never sends a crop that runs past the image after rounding', () => {
    const pixels = cropStateToPixels(
      state({ crop: { x: 33.3333, y: 66.6667, width: 66.6667, height: 33.3333 } }),
      { real_width: 3, real_height: 3 },
    );
    const { x, y, width, height } = numbers(pixels);
    expect(x + width).toBeLessThanOrEqual(3);
    expect(y + height).toBeLessThanOrEqual(3);
    expect(pixels.crop_width).toBeGreaterThan(0);
  });
});

describe('limits', () => {
  it.each([
    [
      'minimum 10% each way',
      { x: 0, y: 0, width: 6, height: 8 },
      { x: 0, y: 0, width: 10, height: 10 },
    ],
    [
      'maximum 100%',
      { x: 0, y: 0, width: 120, height: 101 },
      { x: 0, y: 0, width: 100, height: 100 },
    ],
    [
      'width kept inside the image',
      { x: 70, y: 0, width: 50, height: 20 },
      { x: 70, y: 0, width: 30, height: 20 },
    ],
    [
      'height kept inside the image',
      { x: 0, y: 95, width: 20, height: 20 },
      { x: 0, y: 90, width: 20, height: 10 },
    ],
    [
      'negative start',
      { x: -5, y: -1, width: 20, height: 20 },
      { x: 0, y: 0, width: 20, height: 20 },
    ],
  ])('%s', (_name, crop, expected) => {
    expect(limitCrop(crop)).toEqual(expected);
  });
});

describe('completing a crop', () => {
  it.each([
    ['narrower than 5%', { x: 20, y: 20, width: 4.9, height: 40 }],
    ['shorter than 5%', { x: 20, y: 20, width: 40, height: 1 }],
    ['of no size (a click)', { x: 20, y: 20, width: 0, height: 0 }],
  ])('resets a crop %s to the whole image', (_name, crop) => {
    expect(completeCrop(state(), crop).crop).toEqual(FULL_CROP);
  });

  it('keeps a crop of 5% or more, raised to the 10% minimum', () => {
    expect(completeCrop(state(), { x: 20, y: 20, width: 5, height: 30 }).crop).toEqual({
      x: 20,
      y: 20,
      width: 10,
      height: 30,
    });
  });

  it('clears a focal point outside the crop and keeps one inside', () => {
    const focal = { x: 15, y: 15 };
    expect(
      completeCrop(state({ focal }), { x: 20, y: 20, width: 50, height: 50 }).focal,
    ).toBeNull();
    expect(completeCrop(state({ focal }), { x: 10, y: 10, width: 50, height: 50 }).focal).toEqual(
      focal,
    );
  });
});

describe('aspect ratio', () => {
  it('recomputes the crop as the largest centred one with the ratio', () => {
    // 2000x1000: 16:9 is 1777.8 x 1000 px, i.e. 88.9% x 100%.
    const crop = aspectCrop(FULL_CROP, 16 / 9, size);
    expect(crop.height).toBe(100);
    expect(crop.width).toBeCloseTo(88.889, 3);
    expect(crop.x).toBeCloseTo(5.556, 3);
    expect(crop.y).toBe(0);
    const square = aspectCrop(FULL_CROP, 1, size);
    expect(square).toEqual({ x: 25, y: 0, width: 50, height: 100 });
    const tall = aspectCrop(FULL_CROP, 1, { real_width: 1000, real_height: 2000 });
    expect(tall).toEqual({ x: 0, y: 25, width: 100, height: 50 });
  });

  it('gives crops whose pixel ratio is the preset’s', () => {
    for (const preset of ASPECT_PRESETS.filter((item) => item.value !== null)) {
      const { width, height } = numbers(
        cropStateToPixels(changeAspect(state(), preset.value, size), size),
      );
      expect(width / height).toBeCloseTo(preset.value ?? NaN, 2);
    }
  });

  it('keeps the crop when set to Free', () => {
    const current = state({ aspect: 1 });
    expect(changeAspect(current, null, size)).toEqual({ ...current, aspect: null });
  });
});

describe('focal point', () => {
  it('toggles to the crop’s centre when empty, and off otherwise', () => {
    const on = toggleFocal(state());
    expect(on.focal).toEqual({ x: 35, y: 35 });
    expect(toggleFocal(on).focal).toBeNull();
  });

  it('moves within the crop only', () => {
    expect(moveFocal(state(), { x: 90, y: 5 }).focal).toEqual({ x: 60, y: 10 });
  });
});

describe('keyboard nudges', () => {
  const options = { aspect: null, size };

  it('move the crop by 0.2% and stop at the edges', () => {
    const crop = { x: 10, y: 0, width: 50, height: 50 };
    expect(nudgeCrop(crop, 'ArrowRight', 'move', options).x).toBeCloseTo(10.2, 6);
    expect(nudgeCrop(crop, 'ArrowUp', 'move', options).y).toBe(0);
    expect(nudgeCrop({ ...crop, x: 49.9 }, 'ArrowRight', 'move', options).x).toBe(50);
  });

  it('resize from an edge or corner by 0.2%, never under 10%', () => {
    const crop = { x: 10, y: 10, width: 50, height: 50 };
    const wider = nudgeCrop(crop, 'ArrowRight', 'e', options);
    expect(wider.width).toBeCloseTo(50.2, 6);
    const fromLeft = nudgeCrop(crop, 'ArrowLeft', 'w', options);
    expect(fromLeft.x).toBeCloseTo(9.8, 6);
    expect(fromLeft.width).toBeCloseTo(50.2, 6);
    const corner = nudgeCrop(crop, 'ArrowDown', 'se', options);
    expect(corner.height).toBeCloseTo(50.2, 6);
    const small = { x: 10, y: 10, width: 10, height: 10 };
    expect(nudgeCrop(small, 'ArrowLeft', 'e', options).width).toBe(10);
  });

  it('keep an aspect lock while resizing', () => {
    const locked = aspectCrop(FULL_CROP, 1, size); // 50% x 100%
    const smaller = nudgeCrop(locked, 'ArrowLeft', 'e', { aspect: 1, size, factor: 10 });
    const { width, height } = numbers(cropStateToPixels(state({ crop: smaller }), size));
    expect(width / height).toBeCloseTo(1, 2);
    expect(smaller.width).toBeCloseTo(48, 6);
  });
});

describe('display height and preview format', () => {
  it('derives the height of a 250 px thumbnail from the crop, or the image', () => {
    expect(displayHeight({ ...size, ...noCrop }, 250)).toBe(125);
    expect(displayHeight({ ...size, ...noCrop, crop_width: 1600, crop_height: 900 }, 250)).toBe(
      141,
    );
  });

  it('exports PNG when any pixel is transparent, else JPEG', () => {
    expect(previewType([0, 0, 0, 255, 9, 9, 9, 255])).toBe('image/jpeg');
    expect(previewType([0, 0, 0, 255, 9, 9, 9, 254])).toBe('image/png');
  });
});

describe('presetAspect: the preset a stored crop was made with', () => {
  it.each([
    ['16:9, rounded to whole pixels', 1778, 1000, 16 / 9],
    ['16:9, small', 400, 225, 16 / 9],
    ['1:1', 1000, 1000, 1],
    ['3:2', 300, 200, 3 / 2],
    ['2:3', 200, 300, 2 / 3],
    ['4:5', 800, 1000, 4 / 5],
    ['no preset: 2:1', 1000, 500, null],
    ['no preset: a pixel off is still 1:1, two are not', 1002, 1000, null],
  ])('%s (%i x %i)', (_, width, height, expected) => {
    expect(presetAspect(width, height)).toBe(expected);
  });

  it('reopens a stored crop with its preset, and a whole image as Free', () => {
    const stored = {
      ...noCrop,
      crop_start_x: 111,
      crop_start_y: 0,
      crop_width: 1778,
      crop_height: 1000,
    };
    expect(cropStateFromImage({ ...size, ...stored }).aspect).toBe(16 / 9);
    expect(cropStateFromImage({ ...size, ...noCrop }).aspect).toBeNull();
  });
});
