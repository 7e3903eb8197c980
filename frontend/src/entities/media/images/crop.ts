// Pure crop maths of the cropper (spec §4 "Cropper", §5 "Crop", §9): the UI works in percent of
// the image, the API in pixels of the original (DESIGN §3). No DOM here.

/** A rectangle in percent of the image (0-100). */
export interface PercentRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A focal point in percent of the whole image. */
export interface FocalPoint {
  x: number;
  y: number;
}

/** What the cropper edits: the crop, the focal point and the aspect lock (null: free). */
export interface CropState {
  crop: PercentRect;
  focal: FocalPoint | null;
  aspect: number | null;
}

/** The crop fields of an image record, in pixels of the original (null: no crop, no focal point). */
export interface PixelCropFields {
  crop_start_x: number | null;
  crop_start_y: number | null;
  crop_width: number | null;
  crop_height: number | null;
  crop_gravity_x: number | null;
  crop_gravity_y: number | null;
}

export interface ImageSize {
  real_width: number;
  real_height: number;
}

export const CROP_MIN_PERCENT = 10;
export const CROP_MAX_PERCENT = 100;
export const CROP_RESET_BELOW_PERCENT = 5;
export const CROP_NUDGE_PERCENT = 0.2;

export const FULL_CROP: Readonly<PercentRect> = { x: 0, y: 0, width: 100, height: 100 };

export interface AspectPreset {
  label: string;
  /** Width over height; null: free. */
  value: number | null;
}

export const ASPECT_PRESETS: readonly AspectPreset[] = [
  { label: 'Free', value: null },
  { label: '1:1', value: 1 },
  { label: '3:2', value: 3 / 2 },
  { label: '2:3', value: 2 / 3 },
  { label: '4:3', value: 4 / 3 },
  { label: '3:4', value: 3 / 4 },
  { label: '5:4', value: 5 / 4 },
  { label: '4:5', value: 4 / 5 },
  { label: '16:9', value: 16 / 9 },
];

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** Whether a crop covers the whole image. */
export function isFullCrop(crop: PercentRect): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  return near(crop.x, 0) && near(crop.y, 0) && near(crop.width, 100) && near(crop.height, 100);
}

/**
 * Return the preset a crop of `width` x `height` pixels was made with: the one whose ratio it
 * has to within a pixel (a preset crop is rounded to whole pixels when saved), else null (Free).
 */
export function presetAspect(width: number, height: number): number | null {
  if (width <= 0 || height <= 0) return null;
  const preset = ASPECT_PRESETS.find(
    ({ value }) =>
      value !== null &&
      Math.abs(width - value * height) <= 1 &&
      Math.abs(height - width / value) <= 1,
  );
  return preset?.value ?? null;
}

/** Return the cropper's state for an image record (no crop: the whole image, Free). */
export function cropStateFromImage(image: ImageSize & PixelCropFields): CropState {
  const { real_width: width, real_height: height } = image;
  const { crop_start_x: x, crop_start_y: y, crop_width: w, crop_height: h } = image;
  const crop =
    x === null || y === null || w === null || h === null || width <= 0 || height <= 0
      ? { ...FULL_CROP }
      : limitCrop({
          x: (x / width) * 100,
          y: (y / height) * 100,
          width: (w / width) * 100,
          height: (h / height) * 100,
        });
  const { crop_gravity_x: gx, crop_gravity_y: gy } = image;
  const focal =
    gx === null || gy === null || width <= 0 || height <= 0
      ? null
      : { x: clamp((gx / width) * 100, 0, 100), y: clamp((gy / height) * 100, 0, 100) };
  const aspect = w === null || h === null || isFullCrop(crop) ? null : presetAspect(w, h);
  return { crop, focal, aspect };
}

/** The crop fields of an image neither cropped nor given a focal point. */
export const NO_CROP: PixelCropFields = {
  crop_start_x: null,
  crop_start_y: null,
  crop_width: null,
  crop_height: null,
  crop_gravity_x: null,
  crop_gravity_y: null,
};

/** Return the crop fields to send: pixels of the original, inside it; a full crop is no crop. */
export function cropStateToPixels(state: CropState, size: ImageSize): PixelCropFields {
  const { real_width: width, real_height: height } = size;
  const focal = state.focal && {
    crop_gravity_x: clamp(Math.round((state.focal.x / 100) * width), 0, width),
    crop_gravity_y: clamp(Math.round((state.focal.y / 100) * height), 0, height),
  };
  const gravity = focal ?? { crop_gravity_x: null, crop_gravity_y: null };
  if (isFullCrop(state.crop)) return { ...NO_CROP, ...gravity };
  const x = clamp(Math.round((state.crop.x / 100) * width), 0, width - 1);
  const y = clamp(Math.round((state.crop.y / 100) * height), 0, height - 1);
  const w = clamp(Math.round((state.crop.width / 100) * width), 1, width - x);
  const h = clamp(Math.round((state.crop.height / 100) * height), 1, height - y);
  return { crop_start_x: x, crop_start_y: y, crop_width: w, crop_height: h, ...gravity };
}

/**
 * Keep a crop within the limits: each side between 10% and 100%, and inside the image (the
 * width is limited so the crop does not run past the right edge, the height likewise).
 */
export function limitCrop(crop: PercentRect): PercentRect {
  const x = clamp(crop.x, 0, 100 - CROP_MIN_PERCENT);
  const y = clamp(crop.y, 0, 100 - CROP_MIN_PERCENT);
  const width = clamp(crop.width, CROP_MIN_PERCENT, Math.min(CROP_MAX_PERCENT, 100 - x));
  const height = clamp(crop.height, CROP_MIN_PERCENT, Math.min(CROP_MAX_PERCENT, 100 - y));
  return { x, y, width, height };
}

/** Whether a point lies inside a crop (edges included). */
export function isInside(point: FocalPoint, crop: PercentRect): boolean {
  return (
    point.x >= crop.x &&
    point.x <= crop.x + crop.width &&
    point.y >= crop.y &&
    point.y <= crop.y + crop.height
  );
}

/**
 * Finish a crop (a drag, a resize or a nudge ended): one narrower or shorter than 5% resets to
 * the whole image, the rest is kept within the limits, and a focal point outside it is cleared.
 */
export function completeCrop(state: CropState, crop: PercentRect): CropState {
  const tooSmall = crop.width < CROP_RESET_BELOW_PERCENT || crop.height < CROP_RESET_BELOW_PERCENT;
  const next = tooSmall ? { ...FULL_CROP } : limitCrop(crop);
  const focal = state.focal && isInside(state.focal, next) ? state.focal : null;
  return { ...state, crop: next, focal };
}

/**
 * Return the largest crop with this aspect ratio (width over height, in pixels) that fits the
 * image, centred. Null (free) keeps the current crop.
 */
export function aspectCrop(
  current: PercentRect,
  aspect: number | null,
  size: ImageSize,
): PercentRect {
  if (aspect === null || size.real_width <= 0 || size.real_height <= 0) return current;
  // In percent, a pixel ratio `aspect` is width% / height% = aspect * H / W.
  const ratio = (aspect * size.real_height) / size.real_width;
  const width = ratio <= 1 ? 100 * ratio : 100;
  const height = ratio <= 1 ? 100 : 100 / ratio;
  return { x: (100 - width) / 2, y: (100 - height) / 2, width, height };
}

/** Change the aspect lock; the crop is recomputed, centred, and the focal point kept inside it. */
export function changeAspect(state: CropState, aspect: number | null, size: ImageSize): CropState {
  const crop = aspectCrop(state.crop, aspect, size);
  const focal = state.focal && isInside(state.focal, crop) ? state.focal : null;
  return { ...state, aspect, crop, focal };
}

/** Toggle the focal point: the crop's centre when there is none, none when there is one. */
export function toggleFocal(state: CropState): CropState {
  if (state.focal) return { ...state, focal: null };
  const { x, y, width, height } = state.crop;
  return { ...state, focal: { x: x + width / 2, y: y + height / 2 } };
}

/** Move the focal point, kept inside the crop. */
export function moveFocal(state: CropState, point: FocalPoint): CropState {
  const { x, y, width, height } = state.crop;
  return {
    ...state,
    focal: { x: clamp(point.x, x, x + width), y: clamp(point.y, y, y + height) },
  };
}

export type NudgeKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';
/** What a key moves: the whole crop, or one edge or corner (compass points, as react-image-crop). */
export type NudgeTarget = 'move' | 'n' | 'e' | 's' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

export function isNudgeKey(key: string): key is NudgeKey {
  return key === 'ArrowLeft' || key === 'ArrowRight' || key === 'ArrowUp' || key === 'ArrowDown';
}

/**
 * Nudge the crop by 0.2% (times `factor`) with an arrow key: move it, or move the edges the
 * target names. With an aspect lock a resize keeps the ratio by following the horizontal edge.
 */
export function nudgeCrop(
  crop: PercentRect,
  key: NudgeKey,
  target: NudgeTarget,
  options: { aspect: number | null; size: ImageSize; factor?: number },
): PercentRect {
  const step = CROP_NUDGE_PERCENT * (options.factor ?? 1);
  const dx = key === 'ArrowLeft' ? -step : key === 'ArrowRight' ? step : 0;
  const dy = key === 'ArrowUp' ? -step : key === 'ArrowDown' ? step : 0;
  if (target === 'move') {
    return {
      ...crop,
      x: clamp(crop.x + dx, 0, 100 - crop.width),
      y: clamp(crop.y + dy, 0, 100 - crop.height),
    };
  }
  let { x, y, width, height } = crop;
  const right = x + width;
  const bottom = y + height;
  if (target.includes('w')) x = clamp(x + dx, 0, right - CROP_MIN_PERCENT);
  if (target.includes('e')) width = clamp(width + dx, CROP_MIN_PERCENT, 100 - x);
  if (target.includes('w')) width = right - x;
  if (target.includes('n')) y = clamp(y + dy, 0, bottom - CROP_MIN_PERCENT);
  if (target.includes('s')) height = clamp(height + dy, CROP_MIN_PERCENT, 100 - y);
  if (target.includes('n')) height = bottom - y;
  const next = { x, y, width, height };
  return options.aspect === null ? next : keepAspect(next, crop, options.aspect, options.size);
}

/** Fit a resized crop back to an aspect ratio, anchored at the edges that did not move. */
function keepAspect(
  next: PercentRect,
  before: PercentRect,
  aspect: number,
  size: ImageSize,
): PercentRect {
  const ratio = (aspect * size.real_height) / size.real_width; // width% per height%
  const widthChanged = Math.abs(next.width - before.width) > 1e-9;
  let width = widthChanged ? next.width : next.height * ratio;
  let height = width / ratio;
  const left = next.x !== before.x ? before.x + before.width - width : next.x;
  const top = next.y !== before.y ? before.y + before.height - height : next.y;
  const x = clamp(left, 0, 100);
  const y = clamp(top, 0, 100);
  // Too big for the image, or under the minimum: leave the crop as it was.
  if (x + width > 100 + 1e-9 || y + height > 100 + 1e-9) return before;
  if (width < CROP_MIN_PERCENT || height < CROP_MIN_PERCENT) return before;
  width = Math.min(width, 100 - x);
  height = Math.min(height, 100 - y);
  return { x, y, width, height };
}

/** Return the display height of an image shown `width` pixels wide: from its crop, or its size. */
export function displayHeight(image: ImageSize & PixelCropFields, width: number): number {
  const cropped = image.crop_width !== null && image.crop_height !== null && image.crop_width > 0;
  const w = cropped ? (image.crop_width as number) : image.real_width;
  const h = cropped ? (image.crop_height as number) : image.real_height;
  if (w <= 0 || h <= 0) return width;
  return Math.round((width * h) / w);
}

/** Whether RGBA pixel data has any pixel that is not fully opaque. */
export function hasTransparentPixel(rgba: ArrayLike<number>): boolean {
  for (let index = 3; index < rgba.length; index += 4) {
    if ((rgba[index] as number) < 255) return true;
  }
  return false;
}

/** The format of the cropped preview (spec §9): PNG when any pixel is transparent, else JPEG. */
export function previewType(rgba: ArrayLike<number>): 'image/png' | 'image/jpeg' {
  return hasTransparentPixel(rgba) ? 'image/png' : 'image/jpeg';
}
