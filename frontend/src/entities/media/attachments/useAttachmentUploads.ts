import { t } from '../../../i18n';
import { useUploads } from '../common/useUploads';
import type { UploadRules } from '../common/useUploads';
import type { AttachmentApi } from './api';
import { nameFromFilename } from './attachment';
import { addUploads, uploadDone, uploadFailed, uploadProgress } from './list';
import type { AttachmentListState } from './list';

type ListChange = (change: (state: AttachmentListState) => AttachmentListState) => void;

/**
 * Upload files into the list (spec §4, §7): each shows at the end of the list as uploading with
 * its progress, becomes the attachment the server returns (named after its file in every
 * locale), or goes away with a toast saying what failed.
 */
export function useAttachmentUploads(
  change: ListChange,
  api: AttachmentApi,
  locales: readonly string[],
): (files: Iterable<File>) => void {
  const rules: UploadRules<AttachmentListState, void> = {
    accept: (files) => [...files],
    place: addUploads,
    progress: uploadProgress,
    failed: uploadFailed,
    send: async (file, onProgress) => {
      const name = nameFromFilename(file.name);
      const names = Object.fromEntries(locales.map((code) => [code, name]));
      const result = await api.upload(file, names, onProgress);
      if (result.kind === 'error')
        return {
          kind: 'error',
          message: t('files.uploadFailed', { name: file.name, error: result.error }),
        };
      // A new upload is a new attachment: never one the page lists already.
      return {
        kind: 'done',
        settle: (state, key) => uploadDone(state, key, result.attachment).state,
      };
    },
  };
  return useUploads(change, rules);
}
