// The revisions calls (issue 20): the list, compare, and restore as a tagged union of outcomes.
import { address, api } from '../../api/client';
import { HttpError, errorPairs, getJSON } from '../../lib/http';
import { loginProbe, requestFailure } from '../../lib/requestFailure';
import type { RequestFailure } from '../../lib/requestFailure';
import type { Comparison, RestorePlan, RestoredPage, Revision } from './types';

/** How many revisions a page of the list holds: a full page means older ones may follow. */
export const PER_PAGE = 50;

/** The other side of a comparison: another revision, or the page as it is now. */
export type CompareWith = number | 'current';

export type RestoreResult =
  | { kind: 'restored'; page: RestoredPage }
  | { kind: 'conflict'; detail: string; lockVersion: number }
  | { kind: 'invalid'; errors: [string, string][] }
  | { kind: 'failed'; failure: RequestFailure };

/** The calls the History panel makes, for one page in one content locale. */
export interface RevisionsApi {
  list(page: number): Promise<Revision[]>;
  compare(revisionId: number, other: CompareWith, all: boolean): Promise<Comparison>;
  /** What a restore would do per locale (nothing is changed). */
  plan(revisionId: number): Promise<RestorePlan>;
  /** `locales`: those to restore (left out: the server's default, the version's named ones). */
  restore(revisionId: number, lockVersion: number, locales?: string[]): Promise<RestoreResult>;
}

/** Return the revisions calls of page `pageId`, in the content locale `locale`. */
export function createRevisionsApi(locale: string, pageId: number): RevisionsApi {
  const path = { locale, page_id: pageId };
  const revision = (id: number) => ({ path: { ...path, revision_id: id } });
  return {
    list: (page) =>
      api.get('/admin/{locale}/pages/{page_id}/revisions.json', { path, query: { page } }),
    compare: (revisionId, other, all) =>
      api.get('/admin/{locale}/pages/{page_id}/revisions/{revision_id}/compare.json', {
        ...revision(revisionId),
        query: { with: String(other), all },
      }),
    plan: (revisionId) =>
      api.get(
        '/admin/{locale}/pages/{page_id}/revisions/{revision_id}/restore.json',
        revision(revisionId),
      ),
    async restore(revisionId, lockVersion, locales) {
      try {
        const page = await api.post(
          '/admin/{locale}/pages/{page_id}/revisions/{revision_id}/restore.json',
          { lock_version: lockVersion, ...(locales ? { locales } : {}) },
          revision(revisionId),
        );
        return { kind: 'restored', page };
      } catch (error) {
        const probe = address('/admin/{locale}/pages/{page_id}.json', { path });
        return restoreFailure(error, loginProbe(probe, getJSON));
      }
    },
  };
}

/**
 * Classify a refused restore: 409 when the page changed meanwhile (its current version with
 * it), 422 when a rule refuses it now (a sibling took its path segment), else why it failed.
 */
export async function restoreFailure(
  error: unknown,
  hasLogin: () => Promise<boolean>,
): Promise<RestoreResult> {
  if (error instanceof HttpError && error.status === 409) {
    const body = error.body as { detail?: unknown; lock_version?: unknown } | null;
    if (typeof body?.detail === 'string' && typeof body.lock_version === 'number') {
      return { kind: 'conflict', detail: body.detail, lockVersion: body.lock_version };
    }
  }
  if (error instanceof HttpError && error.status === 422) {
    const errors = errorPairs(error.body);
    if (errors.length > 0) return { kind: 'invalid', errors };
  }
  return { kind: 'failed', failure: await requestFailure(error, hasLogin) };
}
