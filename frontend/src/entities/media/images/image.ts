// The image record (spec §3 "Image") and the small rules every image view shares.
import type { components } from '../../../api/generated/schema';

/** An image as the server answers it (ImageOut). */
export type ImageRecord = components['schemas']['ImageOut'];

export const THUMBNAIL_WIDTH = 250;

/** Whether the image has no alternative text in the locale (spec §5). */
export function altMissing(image: Pick<ImageRecord, 'alternative'>, locale: string): boolean {
  return !(image.alternative[locale] ?? '').trim();
}

/** The embed code of an image (spec §9). */
export function embedCode(id: number): string {
  return `[image:${id}]`;
}

/** A name to show for an image: its alternative text in the locale, else its file name. */
export function imageLabel(image: Pick<ImageRecord, 'alternative' | 'filename'>, locale: string) {
  return (image.alternative[locale] ?? '').trim() || image.filename;
}
