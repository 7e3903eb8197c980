import { useCallback, useEffect, useRef } from 'react';
import { useToast } from '../toast';
import { isAcceptedImage, uploadErrorMessage } from '../imageUploader/imageTypes';
import type { ImageApi } from './api';
import { dropOnPrimary, prependUploads, uploadDone, uploadFailed, uploadProgress } from './grid';
import type { GridUpload, ImageGridState } from './grid';

export type UploadTarget = 'primary' | 'others';
type GridChange = (change: (state: ImageGridState) => ImageGridState) => void;

let uploadCount = 0;

/** Keep the accepted image files; the grid drops the others silently (spec §5). */
export function acceptedImages(files: Iterable<File>): File[] {
  return [...files].filter(isAcceptedImage);
}

/**
 * Upload files into the grid: each shows as a placeholder with its progress where it will land,
 * becomes the server's image, or goes away with the error toast (spec §4, §8). `change` must
 * stay usable after the grid unmounts (the editor's state), so a tab switch loses nothing.
 */
export function useImageUploads(
  change: GridChange,
  api: ImageApi,
  locales: readonly string[],
): (files: Iterable<File>, target: UploadTarget) => void {
  const toast = useToast();
  const latest = useRef({ change, api, locales, toast });
  useEffect(() => {
    latest.current = { change, api, locales, toast };
  }, [change, api, locales, toast]);

  return useCallback((files: Iterable<File>, target: UploadTarget) => {
    const accepted = acceptedImages(files);
    if (accepted.length === 0) return;
    const uploads: GridUpload[] = accepted.map((file) => ({
      kind: 'upload',
      key: `upload-${++uploadCount}`,
      filename: file.name,
      progress: 0,
    }));
    const { change: apply, api: calls, locales: codes, toast: toaster } = latest.current;
    apply((state) => (target === 'primary' ? dropOnPrimary : prependUploads)(state, uploads));
    const alternative = Object.fromEntries(codes.map((code) => [code, '']));
    accepted.forEach((file, index) => {
      const key = (uploads[index] as GridUpload).key;
      let shown = 0;
      const onProgress = (fraction: number) => {
        const rounded = Math.round(fraction * 100) / 100;
        if (rounded === shown) return;
        shown = rounded;
        latest.current.change((state) => uploadProgress(state, key, rounded));
      };
      void calls.upload(file, alternative, onProgress).then((result) => {
        if (result.kind === 'uploaded') {
          latest.current.change((state) => uploadDone(state, key, result.image));
        } else {
          latest.current.change((state) => uploadFailed(state, key));
          toaster.error(uploadErrorMessage(result.error, file.name));
        }
      });
    });
  }, []);
}
