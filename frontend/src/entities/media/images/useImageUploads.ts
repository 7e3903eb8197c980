import { isAcceptedImage, uploadErrorMessage } from '../imageUploader/imageTypes';
import { useUploads } from '../common/useUploads';
import type { UploadRules } from '../common/useUploads';
import type { ImageApi } from './api';
import { dropOnPrimary, prependUploads, uploadDone, uploadFailed, uploadProgress } from './grid';
import type { ImageGridState } from './grid';

export type UploadTarget = 'primary' | 'others';
type GridChange = (change: (state: ImageGridState) => ImageGridState) => void;

/** Keep the accepted image files; the grid drops the others silently (spec §5). */
export function acceptedImages(files: Iterable<File>): File[] {
  return [...files].filter(isAcceptedImage);
}

/**
 * Upload files into the grid: each shows as a placeholder with its progress where it will land
 * (the main image's place, or first among the others), becomes the server's image, or goes away
 * with the error toast (spec §4, §8). Uploads start without alternative text.
 */
export function useImageUploads(
  change: GridChange,
  api: ImageApi,
  locales: readonly string[],
): (files: Iterable<File>, target: UploadTarget) => void {
  const rules: UploadRules<ImageGridState, UploadTarget> = {
    accept: acceptedImages,
    place: (state, uploads, target) =>
      (target === 'primary' ? dropOnPrimary : prependUploads)(state, uploads),
    progress: uploadProgress,
    failed: uploadFailed,
    send: async (file, onProgress) => {
      const alternative = Object.fromEntries(locales.map((code) => [code, '']));
      const result = await api.upload(file, alternative, onProgress);
      return result.kind === 'uploaded'
        ? { kind: 'done', settle: (state, key) => uploadDone(state, key, result.image) }
        : { kind: 'error', message: uploadErrorMessage(result.error, file.name) };
    },
  };
  return useUploads(change, rules);
}
