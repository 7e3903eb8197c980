import { useCallback, useEffect, useRef } from 'react';
import { t } from '../../i18n';
import { useToast } from '../toast';
import type { AttachmentApi } from './api';
import { nameFromFilename } from './attachment';
import { addUploads, uploadDone, uploadFailed, uploadProgress } from './list';
import type { AttachmentListState, ListUpload } from './list';

type ListChange = (change: (state: AttachmentListState) => AttachmentListState) => void;

let uploadCount = 0;

/**
 * Upload files into the list (spec §4, §7): each shows at the end of the list as uploading with
 * its progress, becomes the attachment the server returns, or goes away with a toast saying what
 * failed. `change` must stay usable after the list unmounts (the editor's state), so a tab
 * switch loses nothing.
 */
export function useAttachmentUploads(
  change: ListChange,
  api: AttachmentApi,
  locales: readonly string[],
): (files: Iterable<File>) => void {
  const toast = useToast();
  const latest = useRef({ change, api, locales, toast });
  useEffect(() => {
    latest.current = { change, api, locales, toast };
  }, [change, api, locales, toast]);

  return useCallback((files: Iterable<File>) => {
    const chosen = [...files];
    if (chosen.length === 0) return;
    const uploads: ListUpload[] = chosen.map((file) => ({
      kind: 'upload',
      key: `upload-${++uploadCount}`,
      filename: file.name,
      progress: 0,
    }));
    const { change: apply, api: calls, locales: codes } = latest.current;
    apply((state) => addUploads(state, uploads));
    chosen.forEach((file, index) => {
      const key = (uploads[index] as ListUpload).key;
      const name = nameFromFilename(file.name);
      const names = Object.fromEntries(codes.map((code) => [code, name]));
      let shown = 0;
      const onProgress = (fraction: number) => {
        const rounded = Math.round(fraction * 100) / 100;
        if (rounded === shown) return;
        shown = rounded;
        latest.current.change((state) => uploadProgress(state, key, rounded));
      };
      void calls.upload(file, names, onProgress).then((result) => {
        const { change: update, toast: toaster } = latest.current;
        if (result.kind === 'error') {
          update((state) => uploadFailed(state, key));
          toaster.error(t('files.uploadFailed', { name: file.name, error: result.error }));
          return;
        }
        // A new upload is a new attachment: never one the page lists already.
        update((state) => uploadDone(state, key, result.attachment).state);
      });
    });
  }, []);
}
