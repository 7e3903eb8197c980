// The review calls (DESIGN §3, Review before publishing): a page's changes submitted for review
// (…/reviews.json), one change and its decisions (…/reviews/{id}/approve.json,
// request_changes.json, withdraw.json), and the changes the signed-in user may decide
// (/admin/reviews.json).
import type { ApproveRequest, Page, QueuedReview, Review, SubmitRequest } from '../../api/types';
import { api } from '../../api/client';
import type { RequestBody } from '../../api/client';
import { HttpError, errorDetail, errorPairs } from '../../lib/http';

/** What the editor submits: the save's payload as it builds it, the version, a message. */
export interface SubmitBody {
  page: Record<string, unknown>;
  lock_version: number;
  message: string;
  /** The same change in other locales: each locale's own fields (issue 32, item 5). */
  locales?: Record<string, Record<string, unknown>>;
}

export type SubmitResult =
  | { kind: 'submitted'; review: Review }
  /** Refused: a 422's errors as [attribute, message], or another 4xx's message (409, 403). */
  | { kind: 'refused'; errors: [string, string][]; detail: string | null; status: number }
  | { kind: 'failed' };

export type DecideResult =
  | { kind: 'decided'; review: Review }
  /** 409: the page changed since the submission in these fields; nothing was applied. */
  | { kind: 'conflict'; detail: string; fields: string[] }
  | { kind: 'refused'; detail: string | null; errors: [string, string][] }
  | { kind: 'failed' };

/** A comment on a change: on a block in a locale (`block`, `locale`), or on the whole (''). */
export interface CommentBody {
  text: string;
  block: string;
  locale: string;
}

export type CommentResult =
  | { kind: 'commented'; review: Review }
  /** Not added: the server's words when it gave some (a 422, a 403), else none. */
  | { kind: 'failed'; detail: string | null };

export type CreateResult =
  { kind: 'created'; page: Page } | Extract<SubmitResult, { kind: 'refused' | 'failed' }>;

/** A page create's body as the API types it (the editor's payload leaves out what it defaults). */
type PageWrite = RequestBody<'/admin/{locale}/pages.json', 'post'>;

export interface ReviewApi {
  /** The page's changes, newest first. */
  list(locale: string, pageId: number): Promise<Review[]>;
  get(locale: string, pageId: number, id: number): Promise<Review>;
  submit(locale: string, pageId: number, body: SubmitBody): Promise<SubmitResult>;
  /** Withdraw a waiting change (the author's); false when it could not be done. */
  withdraw(locale: string, pageId: number, id: number): Promise<Review | null>;
  approve(locale: string, pageId: number, id: number, body: ApproveRequest): Promise<DecideResult>;
  requestChanges(
    locale: string,
    pageId: number,
    id: number,
    comment: string,
  ): Promise<DecideResult>;
  comment(locale: string, pageId: number, id: number, body: CommentBody): Promise<CommentResult>;
  /** Create a page visitors cannot see (a new page's first publication is then submitted). */
  create(locale: string, page: Record<string, unknown>): Promise<CreateResult>;
  /** The waiting changes the signed-in user may decide, newest first (the first 50). */
  queue(page?: number): Promise<QueuedReview[]>;
  /** The page as it is now (what a change is compared with). */
  page(locale: string, pageId: number): Promise<Page>;
}

const one = (locale: string, pageId: number, id: number) => ({
  path: { locale, page_id: pageId, review_id: id },
});

function refusal(error: unknown): DecideResult {
  if (error instanceof HttpError && error.status === 409) {
    const body = error.body as { detail?: unknown; fields?: unknown } | null;
    const fields = Array.isArray(body?.fields)
      ? body.fields.filter((field): field is string => typeof field === 'string')
      : [];
    return { kind: 'conflict', detail: errorDetail(error.body) ?? error.message, fields };
  }
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
    const errors = error.status === 422 ? errorPairs(error.body) : [];
    return { kind: 'refused', detail: errorDetail(error.body) ?? null, errors };
  }
  return { kind: 'failed' };
}

/** A refused submission (or create): a 4xx's errors and words, else a failure. */
function submitRefusal(error: unknown): Extract<SubmitResult, { kind: 'refused' | 'failed' }> {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
    const errors = error.status === 422 ? errorPairs(error.body) : [];
    return {
      kind: 'refused',
      errors,
      detail: errorDetail(error.body) ?? null,
      status: error.status,
    };
  }
  return { kind: 'failed' };
}

export function createReviewApi(): ReviewApi {
  return {
    list: (locale, pageId) =>
      api.get('/admin/{locale}/pages/{page_id}/reviews.json', {
        path: { locale, page_id: pageId },
      }),
    get: (locale, pageId, id) =>
      api.get('/admin/{locale}/pages/{page_id}/reviews/{review_id}.json', one(locale, pageId, id)),
    async submit(locale, pageId, body) {
      try {
        const review = await api.post(
          '/admin/{locale}/pages/{page_id}/reviews.json',
          // The editor's payload: the schema's own type requires what the server defaults.
          body as SubmitRequest,
          { path: { locale, page_id: pageId } },
        );
        return { kind: 'submitted', review };
      } catch (error) {
        return submitRefusal(error);
      }
    },
    async create(locale, page) {
      try {
        const created = await api.post('/admin/{locale}/pages.json', { page } as PageWrite, {
          path: { locale },
        });
        return { kind: 'created', page: created };
      } catch (error) {
        return submitRefusal(error);
      }
    },
    async withdraw(locale, pageId, id) {
      try {
        return await api.post(
          '/admin/{locale}/pages/{page_id}/reviews/{review_id}/withdraw.json',
          // The call takes no body.
          undefined as never,
          one(locale, pageId, id),
        );
      } catch {
        return null;
      }
    },
    async approve(locale, pageId, id, body) {
      try {
        const review = await api.post(
          '/admin/{locale}/pages/{page_id}/reviews/{review_id}/approve.json',
          body,
          one(locale, pageId, id),
        );
        return { kind: 'decided', review };
      } catch (error) {
        return refusal(error);
      }
    },
    async requestChanges(locale, pageId, id, comment) {
      try {
        const review = await api.post(
          '/admin/{locale}/pages/{page_id}/reviews/{review_id}/request_changes.json',
          { comment },
          one(locale, pageId, id),
        );
        return { kind: 'decided', review };
      } catch (error) {
        return refusal(error);
      }
    },
    async comment(locale, pageId, id, body) {
      try {
        const review = await api.post(
          '/admin/{locale}/pages/{page_id}/reviews/{review_id}/comments.json',
          body,
          one(locale, pageId, id),
        );
        return { kind: 'commented', review };
      } catch (error) {
        const detail =
          error instanceof HttpError && error.status >= 400 && error.status < 500
            ? ((errorPairs(error.body)
                .map(([, text]) => text)
                .join(' ') ||
                errorDetail(error.body)) ??
              null)
            : null;
        return { kind: 'failed', detail };
      }
    },
    queue: (page = 1) => api.get('/admin/reviews.json', { query: { page } }),
    page: (locale, pageId) =>
      api.get('/admin/{locale}/pages/{page_id}.json', { path: { locale, page_id: pageId } }),
  };
}

/** The author's working copies of a page in other locales (…/draft.json), as the review reads them. */
export interface WorkingCopyReader {
  /** The copy's save payload in the locale; null when there is none (or none can be read). */
  load(locale: string, pageId: number): Promise<Record<string, unknown> | null>;
}

export function createWorkingCopyReader(): WorkingCopyReader {
  return {
    async load(locale, pageId) {
      try {
        const answer = await api.get('/admin/{locale}/pages/{page_id}/draft.json', {
          path: { locale, page_id: pageId },
        });
        const copy: unknown = answer?.page;
        return typeof copy === 'object' && copy !== null && !Array.isArray(copy)
          ? (copy as Record<string, unknown>)
          : null;
      } catch {
        return null; // none (404), or none to be read: the locale shown goes alone
      }
    },
  };
}
