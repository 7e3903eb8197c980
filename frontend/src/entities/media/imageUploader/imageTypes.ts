// Pure rules of image uploads (spec §5, §7, §8): accepted types, the multipart form, and the
// server's answer, which is the image record or `{"status": "error", "error": "…"}`.

import type { ImageRecord } from '../../../api/types';
import { t } from '../../../i18n';

/** The MIME types an image upload accepts. */
export const ACCEPTED_IMAGE_TYPES: readonly string[] = [
  'image/gif',
  'image/jpeg',
  'image/pjpeg',
  'image/png',
  'image/tiff',
];

/** An image as the server answers it (spec §3 Image). */
export type UploadedImage = ImageRecord;

export type UploadOutcome =
  { kind: 'uploaded'; image: UploadedImage } | { kind: 'error'; error: string };

/** Whether a file is an image type the server accepts (by its MIME type). */
export function isAcceptedImage(file: Pick<File, 'type'>): boolean {
  return ACCEPTED_IMAGE_TYPES.includes(file.type.toLowerCase());
}

/**
 * The toast text for a refused upload (spec §8), naming the file when known: several may be
 * on their way at once. The name is isolated, so a right-to-left name keeps its place.
 */
export function uploadErrorMessage(error: string, filename?: string): string {
  const named = filename
    ? t('images.refusedFile', { name: `\u2068${filename}\u2069`, error })
    : error;
  return t('images.uploadFailed', { error: named });
}

/** The multipart form of an upload: the file and an alternative text for each locale. */
export function imageFormData(file: File, alternative: Readonly<Record<string, string>>): FormData {
  const data = new FormData();
  data.append('image[file]', file);
  for (const [locale, text] of Object.entries(alternative)) {
    data.append(`image[alternative][${locale}]`, text);
  }
  return data;
}

function errorText(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  if (!('status' in body) || body.status !== 'error') return null;
  return 'error' in body && typeof body.error === 'string' ? body.error : t('images.unknownError');
}

/** Classify the server's answer to an upload. */
export function uploadOutcome(body: unknown): UploadOutcome {
  const error = errorText(body);
  if (error !== null) return { kind: 'error', error };
  if (typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'number') {
    return { kind: 'uploaded', image: body as UploadedImage };
  }
  return { kind: 'error', error: t('images.unexpectedAnswer') };
}
