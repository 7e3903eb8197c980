// The editor's server calls (spec §7) and the outcome of a save as a tagged union.
import type { Page } from '../../api/types';
import { HttpError, getJSON, postJSON, putJSON } from '../../lib/http';
import { errorPairs } from './errors';
import type { PagePayload } from './payload';

export type SaveResult =
  | { kind: 'saved'; page: Page }
  | { kind: 'invalid'; errors: [string, string][] }
  | { kind: 'conflict'; detail: string; lockVersion: number }
  | { kind: 'failed' };

export interface EditorApi {
  save(id: number | null, payload: PagePayload): Promise<SaveResult>;
  load(id: number): Promise<Page>;
}

function conflictOf(body: unknown): { detail: string; lockVersion: number } | null {
  if (typeof body !== 'object' || body === null) return null;
  if (!('detail' in body) || !('lock_version' in body)) return null;
  const { detail, lock_version: lockVersion } = body;
  if (typeof detail !== 'string' || typeof lockVersion !== 'number') return null;
  return { detail, lockVersion };
}

/** Classify a failed save: 422 validation errors, 409 conflict, anything else a failure. */
export function saveFailure(error: unknown): SaveResult {
  if (!(error instanceof HttpError)) return { kind: 'failed' };
  if (error.status === 422) {
    const errors = errorPairs(error.body);
    if (errors.length > 0) return { kind: 'invalid', errors };
  }
  if (error.status === 409) {
    const conflict = conflictOf(error.body);
    if (conflict) return { kind: 'conflict', ...conflict };
  }
  return { kind: 'failed' };
}

/** Return the editor's calls for one locale: POST to create, PUT to update. */
export function createEditorApi(locale: string): EditorApi {
  const base = `/admin/${encodeURIComponent(locale)}/pages`;
  return {
    async save(id, payload) {
      try {
        const page = id
          ? await putJSON<Page>(`${base}/${id}.json`, payload)
          : await postJSON<Page>(`${base}.json`, payload);
        return { kind: 'saved', page };
      } catch (error) {
        return saveFailure(error);
      }
    },
    load: (id) => getJSON<Page>(`${base}/${id}.json`),
  };
}
