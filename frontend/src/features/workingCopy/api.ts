// The working copy's and presence's calls: …/draft.json and …/presence.json of a page.
import { HttpError, deleteJSON, getJSON, postJSON, putJSON } from '../../lib/http';
import type { PresenceOut, WorkingCopyOut } from '../../api/types';
import type { Viewer, WorkingCopy, WorkingPayload } from './types';

export interface WorkingCopyApi {
  /** The user's working copy on the server; null when there is none (404). */
  load(locale: string, pageId: number): Promise<WorkingCopy | null>;
  keep(locale: string, pageId: number, payload: WorkingPayload): Promise<void>;
  discard(locale: string, pageId: number): Promise<void>;
  /** Say the page is open here; answers the other users who have it open. */
  here(locale: string, pageId: number): Promise<Viewer[]>;
  /** Say the page is closed here: sent even as the document goes (keepalive), never awaited. */
  leave(locale: string, pageId: number): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const pageBase = (locale: string, pageId: number) =>
  `/admin/${encodeURIComponent(locale)}/pages/${pageId}`;

export function createWorkingCopyApi(): WorkingCopyApi {
  return {
    async load(locale, pageId) {
      try {
        const answer = await getJSON<WorkingCopyOut | null>(
          `${pageBase(locale, pageId)}/draft.json`,
        );
        // An answer of another shape holds no copy to offer.
        if (!isRecord(answer?.page) || typeof answer.saved_at !== 'string') return null;
        return { payload: { page: answer.page }, savedAt: answer.saved_at };
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
    async keep(locale, pageId, payload) {
      await putJSON<WorkingCopyOut>(`${pageBase(locale, pageId)}/draft.json`, payload);
    },
    async discard(locale, pageId) {
      try {
        await deleteJSON(`${pageBase(locale, pageId)}/draft.json`);
      } catch (error) {
        // Gone already is what was asked for.
        if (!(error instanceof HttpError && error.status === 404)) throw error;
      }
    },
    async here(locale, pageId) {
      const answer = await postJSON<PresenceOut | null>(
        `${pageBase(locale, pageId)}/presence.json`,
        undefined,
      );
      // An answer of another shape names nobody.
      return Array.isArray(answer?.viewers) ? answer.viewers : [];
    },
    leave(locale, pageId) {
      deleteJSON(`${pageBase(locale, pageId)}/presence.json`, { keepalive: true }).catch(
        () => undefined,
      );
    },
  };
}
