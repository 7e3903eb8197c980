// The editor's server calls (spec §7) and the outcome of a save as a tagged union.
import type { Page } from '../../api/types';
import { address, api } from '../../api/client';
import type { RequestBody } from '../../api/client';
import { HttpError, errorPairs, getJSON } from '../../lib/http';
import { loginProbe, requestFailure } from '../../lib/requestFailure';
import type { RequestFailure } from '../../lib/requestFailure';
import type { PagePayload } from './payload';

export type SaveResult =
  | { kind: 'saved'; page: Page }
  | { kind: 'invalid'; errors: [string, string][] }
  | { kind: 'conflict'; detail: string; lockVersion: number }
  | { kind: 'failed'; failure: RequestFailure };

/** The editor's calls; each names the locale of the address it goes to. */
export interface EditorApi {
  save(locale: string, id: number | null, payload: PagePayload): Promise<SaveResult>;
  load(locale: string, id: number): Promise<Page>;
}

function conflictOf(body: unknown): { detail: string; lockVersion: number } | null {
  if (typeof body !== 'object' || body === null) return null;
  if (!('detail' in body) || !('lock_version' in body)) return null;
  const { detail, lock_version: lockVersion } = body;
  if (typeof detail !== 'string' || typeof lockVersion !== 'number') return null;
  return { detail, lockVersion };
}

/**
 * Classify a failed save: 422 validation errors, 409 conflict, anything else a failure with
 * its cause (`hasLogin` tells an ended session from a refusal, for a 403).
 */
export async function saveFailure(
  error: unknown,
  hasLogin: () => Promise<boolean>,
): Promise<SaveResult> {
  if (error instanceof HttpError && error.status === 422) {
    const errors = errorPairs(error.body);
    if (errors.length > 0) return { kind: 'invalid', errors };
  }
  if (error instanceof HttpError && error.status === 409) {
    const conflict = conflictOf(error.body);
    if (conflict) return { kind: 'conflict', ...conflict };
  }
  return { kind: 'failed', failure: await requestFailure(error, hasLogin) };
}

/**
 * The body of a page save as the API types it: the editor's payload leaves out the fields the
 * server defaults (`_destroy` of a link), which the generated input type marks required.
 */
type PageWrite = RequestBody<'/admin/{locale}/pages.json', 'post'>;

/** Return the editor's calls: POST to create, PUT to update, GET to load, in a locale. */
export function createEditorApi(): EditorApi {
  return {
    async save(locale, id, payload) {
      const body = payload as PageWrite;
      try {
        const page = id
          ? await api.put('/admin/{locale}/pages/{page_id}.json', body, {
              path: { locale, page_id: id },
            })
          : await api.post('/admin/{locale}/pages.json', body, { path: { locale } });
        // An answer that carries errors is a refused save, whatever its status (spec §8).
        if (page.errors.length > 0) return { kind: 'invalid', errors: errorPairs(page) };
        return { kind: 'saved', page };
      } catch (error) {
        return saveFailure(
          error,
          loginProbe(address('/admin/{locale}/templates.json', { path: { locale } }), getJSON),
        );
      }
    },
    load: (locale, id) =>
      api.get('/admin/{locale}/pages/{page_id}.json', { path: { locale, page_id: id } }),
  };
}
