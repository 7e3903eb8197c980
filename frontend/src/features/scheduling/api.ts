// The scheduled changes' calls: a page's (…/scheduled.json, …/scheduled/{id}.json) and the
// site's waiting or failed ones for the tree (/admin/scheduled.json). Both lists come 50 a
// page, newest first.
import type {
  ScheduleRequest,
  ScheduledChangeDetail,
  ScheduledChangeOut,
  ScheduledMark,
} from '../../api/types';
import { api } from '../../api/client';
import { HttpError, errorDetail, errorPairs } from '../../lib/http';

/**
 * POST …/scheduled.json: the save's payload as the editor builds it (the schema's own type
 * requires what the server defaults, such as `_destroy`), when, and the version edited.
 */
export type ScheduleBody = Omit<ScheduleRequest, 'page'> & { page: Record<string, unknown> };

export type ScheduleResult =
  | { kind: 'scheduled'; change: ScheduledChangeDetail }
  /** Refused: the errors of a 422 as [attribute, message], or the one message of another. */
  | { kind: 'refused'; errors: [string, string][]; detail: string | null }
  | { kind: 'failed' };

export interface SchedulingApi {
  /** The page's changes, newest first: every waiting one, and the newest 50 of all states. */
  list(locale: string, pageId: number): Promise<ScheduledChangeOut[]>;
  /** One change with the values it sets. */
  get(locale: string, pageId: number, id: number): Promise<ScheduledChangeDetail>;
  schedule(locale: string, pageId: number, request: ScheduleBody): Promise<ScheduleResult>;
  /** Cancel a waiting change or dismiss a failed one; false when it could not be done. */
  cancel(locale: string, pageId: number, id: number): Promise<boolean>;
  /** The site's waiting or failed changes (the first MAX_PAGES pages of them). */
  marks(): Promise<ScheduledMark[]>;
}

/** How many entries a page of either list holds (the server's). */
export const PER_PAGE = 50;
/** The most pages of a list read at once: a page's changes are capped at 50 waiting, and the
 *  tree marks a few hundred pages at most. */
export const MAX_PAGES = 10;

/** The entries of a paged list, page after page until one is not full (or MAX_PAGES). */
async function allPages<T>(read: (page: number) => Promise<T[]>, most = MAX_PAGES): Promise<T[]> {
  const entries: T[] = [];
  for (let page = 1; page <= most; page += 1) {
    const batch = await read(page);
    entries.push(...batch);
    if (batch.length < PER_PAGE) break;
  }
  return entries;
}

/** The entries of a list answer that are changes (an id and a state); none from another shape. */
function listOf<T extends { id: number; state: string }>(answer: unknown): T[] {
  if (!Array.isArray(answer)) return [];
  return answer.filter(
    (item: unknown): item is T =>
      typeof item === 'object' &&
      item !== null &&
      'id' in item &&
      typeof item.id === 'number' &&
      'state' in item &&
      typeof item.state === 'string',
  );
}

const scheduled = (locale: string, pageId: number, id: number) => ({
  path: { locale, page_id: pageId, scheduled_id: id },
});

export function createSchedulingApi(): SchedulingApi {
  return {
    async list(locale, pageId) {
      const read = async (query: { page?: number; state?: 'waiting' }) =>
        listOf<ScheduledChangeOut>(
          await api.get('/admin/{locale}/pages/{page_id}/scheduled.json', {
            path: { locale, page_id: pageId },
            query,
          }),
        );
      // Every waiting change (a page has at most 50: one page of ?state=waiting), however many
      // newer ones went live or failed, and the newest 50 of all states (the failed ones shown).
      const [waiting, newest] = await Promise.all([read({ state: 'waiting' }), read({ page: 1 })]);
      const byId = new Map([...newest, ...waiting].map((change) => [change.id, change]));
      return [...byId.values()].sort((a, b) => b.id - a.id);
    },
    get: (locale, pageId, id) =>
      api.get(
        '/admin/{locale}/pages/{page_id}/scheduled/{scheduled_id}.json',
        scheduled(locale, pageId, id),
      ),
    async schedule(locale, pageId, request) {
      try {
        const change = await api.post(
          '/admin/{locale}/pages/{page_id}/scheduled.json',
          request as ScheduleRequest,
          { path: { locale, page_id: pageId } },
        );
        return { kind: 'scheduled', change };
      } catch (error) {
        // A 409 (stale), 422 (a rule, nothing changes) or 403 says why; no answer says nothing.
        if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
          const errors = error.status === 422 ? errorPairs(error.body) : [];
          return { kind: 'refused', errors, detail: errorDetail(error.body) ?? null };
        }
        return { kind: 'failed' };
      }
    },
    async cancel(locale, pageId, id) {
      try {
        await api.delete(
          '/admin/{locale}/pages/{page_id}/scheduled/{scheduled_id}.json',
          scheduled(locale, pageId, id),
        );
        return true;
      } catch (error) {
        // Gone already (cancelled in another tab) is what was asked for.
        return error instanceof HttpError && error.status === 404;
      }
    },
    marks: () =>
      allPages(async (page) =>
        listOf<ScheduledMark>(await api.get('/admin/scheduled.json', { query: { page } })),
      ),
  };
}
