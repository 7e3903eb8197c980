// The image calls (spec §7): upload with progress, and the update of texts, crop and focal point.
import { api } from '../../../api/client';
import { HttpError, errorPairs } from '../../../lib/http';
import { imageFormData, uploadOutcome } from '../imageUploader/imageTypes';
import type { PixelCropFields } from './crop';
import type { ImageRecord } from './image';

export type UploadResult =
  { kind: 'uploaded'; image: ImageRecord } | { kind: 'error'; error: string };

export type UpdateResult =
  | { kind: 'saved'; image: ImageRecord }
  | { kind: 'invalid'; errors: [string, string][] }
  | { kind: 'failed'; message: string };

export interface ImageChanges extends PixelCropFields {
  alternative: Record<string, string>;
  caption: Record<string, string>;
}

export interface ImageApi {
  upload(
    file: File,
    alternative: Readonly<Record<string, string>>,
    onProgress: (fraction: number) => void,
  ): Promise<UploadResult>;
  update(id: number, changes: ImageChanges): Promise<UpdateResult>;
}

function isUploadError(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'status' in body && body.status === 'error';
}

async function upload(
  file: File,
  alternative: Readonly<Record<string, string>>,
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  try {
    const body: unknown = await api.upload(
      '/admin/images.json',
      imageFormData(file, alternative),
      {},
      ({ loaded, total }) => onProgress(total > 0 ? loaded / total : 0),
    );
    const outcome = uploadOutcome(body);
    return outcome.kind === 'uploaded'
      ? { kind: 'uploaded', image: outcome.image as unknown as ImageRecord }
      : outcome;
  } catch (error) {
    // A refused file answers 4xx with the same {"status": "error", "error": …} body.
    // Other refusals (403, a lost connection) carry their message in the error.
    if (error instanceof HttpError && isUploadError(error.body)) {
      const outcome = uploadOutcome(error.body);
      if (outcome.kind === 'error') return outcome;
    }
    return { kind: 'error', error: error instanceof Error ? error.message : String(error) };
  }
}

async function update(id: number, changes: ImageChanges): Promise<UpdateResult> {
  try {
    const path = { image_id: id };
    const image = await api.put('/admin/images/{image_id}', { image: changes }, { path });
    return { kind: 'saved', image };
  } catch (error) {
    if (error instanceof HttpError && error.status === 422) {
      const errors = errorPairs(error.body);
      if (errors.length > 0) return { kind: 'invalid', errors };
    }
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

export const imageApi: ImageApi = { upload, update };
