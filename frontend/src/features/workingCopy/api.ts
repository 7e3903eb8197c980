// The working copy's and presence's calls: …/draft.json and …/presence.json of a page.
import { api } from '../../api/client';
import { HttpError } from '../../lib/http';
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

const page = (locale: string, pageId: number) => ({ path: { locale, page_id: pageId } });

export function createWorkingCopyApi(): WorkingCopyApi {
  return {
    async load(locale, pageId) {
      try {
        const answer: WorkingCopyOut | null = await api.get(
          '/admin/{locale}/pages/{page_id}/draft.json',
          page(locale, pageId),
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
      await api.put('/admin/{locale}/pages/{page_id}/draft.json', payload, page(locale, pageId));
    },
    async discard(locale, pageId) {
      try {
        await api.delete('/admin/{locale}/pages/{page_id}/draft.json', page(locale, pageId));
      } catch (error) {
        // Gone already is what was asked for.
        if (!(error instanceof HttpError && error.status === 404)) throw error;
      }
    },
    async here(locale, pageId) {
      const answer: PresenceOut | null = await api.post(
        '/admin/{locale}/pages/{page_id}/presence.json',
        undefined,
        page(locale, pageId),
      );
      // An answer of another shape names nobody.
      return Array.isArray(answer?.viewers) ? answer.viewers : [];
    },
    leave(locale, pageId) {
      api
        .delete('/admin/{locale}/pages/{page_id}/presence.json', page(locale, pageId), {
          keepalive: true,
        })
        .catch(() => undefined);
    },
  };
}
