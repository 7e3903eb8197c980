// The scheduled changes' calls: a page's (…/scheduled.json, …/scheduled/{id}.json) and the
// site's waiting or failed ones for the tree (/admin/scheduled.json).
import type { ScheduleRequest, ScheduledChangeOut, ScheduledMark } from '../../api/types';
import { HttpError, deleteJSON, errorDetail, errorPairs, getJSON, postJSON } from '../../lib/http';

/**
 * POST …/scheduled.json: the save's payload as the editor builds it (the schema's own type
 * requires what the server defaults, such as `_destroy`), when, and the version edited.
 */
export type ScheduleBody = Omit<ScheduleRequest, 'page'> & { page: Record<string, unknown> };

export type ScheduleResult =
  | { kind: 'scheduled'; change: ScheduledChangeOut }
  /** Refused: the errors of a 422 as [attribute, message], or the one message of another. */
  | { kind: 'refused'; errors: [string, string][]; detail: string | null }
  | { kind: 'failed' };

export interface SchedulingApi {
  list(locale: string, pageId: number): Promise<ScheduledChangeOut[]>;
  schedule(locale: string, pageId: number, request: ScheduleBody): Promise<ScheduleResult>;
  /** Cancel a waiting change or dismiss a failed one; false when it could not be done. */
  cancel(locale: string, pageId: number, id: number): Promise<boolean>;
  /** Every waiting or failed change of the site. */
  marks(): Promise<ScheduledMark[]>;
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

const pageBase = (locale: string, pageId: number) =>
  `/admin/${encodeURIComponent(locale)}/pages/${pageId}`;

export function createSchedulingApi(): SchedulingApi {
  return {
    list: async (locale, pageId) =>
      listOf(await getJSON<unknown>(`${pageBase(locale, pageId)}/scheduled.json`)),
    async schedule(locale, pageId, request) {
      try {
        const change = await postJSON<ScheduledChangeOut>(
          `${pageBase(locale, pageId)}/scheduled.json`,
          request,
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
        await deleteJSON(`${pageBase(locale, pageId)}/scheduled/${id}.json`);
        return true;
      } catch (error) {
        // Gone already (cancelled in another tab) is what was asked for.
        return error instanceof HttpError && error.status === 404;
      }
    },
    marks: async () => listOf(await getJSON<unknown>('/admin/scheduled.json')),
  };
}
