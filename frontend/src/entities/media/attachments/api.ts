// The attachment calls (spec §7, README "Attachments"): upload with progress, the update of
// names and descriptions, the file library's search and the replacement of a file's content.
import type { components } from '../../../api/generated/schema';
import { api } from '../../../api/client';
import type { UploadProgress } from '../../../lib/http';
import { HttpError, errorPairs } from '../../../lib/http';
import type { AttachmentRecord } from './attachment';

export const FILE_FIELD = 'attachment[file]';

export type AttachmentLibraryPage = components['schemas']['AttachmentLibraryOut'];
export type LibraryAttachment = components['schemas']['LibraryAttachmentOut'];

export type UploadResult =
  { kind: 'uploaded'; attachment: AttachmentRecord } | { kind: 'error'; error: string };

export type UpdateResult =
  | { kind: 'saved'; attachment: AttachmentRecord }
  | { kind: 'invalid'; errors: [string, string][] }
  | { kind: 'failed'; message: string };

export interface AttachmentTexts {
  name: Record<string, string>;
  description: Record<string, string>;
}

export interface AttachmentApi {
  upload(
    file: File,
    names: Readonly<Record<string, string>>,
    onProgress: (fraction: number) => void,
  ): Promise<UploadResult>;
  update(id: number, texts: AttachmentTexts): Promise<UpdateResult>;
  replaceFile(
    id: number,
    file: File,
    onProgress: (fraction: number) => void,
  ): Promise<UploadResult>;
  search(q: string, page: number): Promise<AttachmentLibraryPage>;
}

/** The multipart body of an upload: the file and its name in every locale (spec §7). */
export function attachmentFormData(
  file: File,
  names: Readonly<Record<string, string>> = {},
): FormData {
  const data = new FormData();
  data.append(FILE_FIELD, file, file.name);
  for (const [locale, name] of Object.entries(names)) {
    data.append(`attachment[name][${locale}]`, name);
  }
  return data;
}

/** The query string of a library search ('' for the first page of everything). */
export function libraryQuery(q: string, page: number): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The message of a refused upload: the server's `{"status": "error", "error": …}`, or the
 * failure's own (403, a lost connection, a 413 from the upload guard). */
function uploadError(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.body;
    if (typeof body === 'object' && body !== null && 'error' in body) {
      if (typeof body.error === 'string' && body.error) return body.error;
    }
  }
  return error instanceof Error ? error.message : String(error);
}

async function send(
  upload: (onProgress: (progress: UploadProgress) => void) => Promise<unknown>,
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  try {
    const body = await upload(({ loaded, total }) => onProgress(total > 0 ? loaded / total : 0));
    if (typeof body === 'object' && body !== null && 'status' in body && body.status === 'error') {
      return { kind: 'error', error: 'error' in body ? String(body.error) : 'error' };
    }
    return { kind: 'uploaded', attachment: body as AttachmentRecord };
  } catch (error) {
    return { kind: 'error', error: uploadError(error) };
  }
}

async function update(id: number, texts: AttachmentTexts): Promise<UpdateResult> {
  try {
    const attachment = await api.put(
      '/admin/attachments/{attachment_id}.json',
      { attachment: { name: texts.name, description: texts.description } },
      { path: { attachment_id: id } },
    );
    return { kind: 'saved', attachment };
  } catch (error) {
    if (error instanceof HttpError && error.status === 422) {
      const errors = errorPairs(error.body);
      if (errors.length > 0) return { kind: 'invalid', errors };
    }
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

export const attachmentApi: AttachmentApi = {
  upload: (file, names, onProgress) =>
    send(
      (progress) =>
        api.upload('/admin/attachments.json', attachmentFormData(file, names), {}, progress),
      onProgress,
    ),
  update,
  replaceFile: (id, file, onProgress) =>
    send(
      (progress) =>
        api.upload(
          '/admin/attachments/{attachment_id}/file.json',
          attachmentFormData(file),
          { path: { attachment_id: id } },
          progress,
        ),
      onProgress,
    ),
  search: (q, page) =>
    api.get('/admin/attachments.json', {
      query: { q: q.trim() || undefined, page: page > 1 ? page : undefined },
    }),
};
