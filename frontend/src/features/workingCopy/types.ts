// Shapes of the working copy and presence (DESIGN §3 "Working copy"); the calls' own are the
// generated ones (api/types.ts).
import type { Actor } from '../../api/types';

/** A save's `{"page": {...}}` body, as the working copy keeps it (blocks beside the fields). */
export interface WorkingPayload {
  page: Record<string, unknown>;
}

/** Another user who has the page open. */
export type Viewer = Actor;

/** A working copy wherever it is kept: the payload and when it was kept (ISO 8601). */
export interface WorkingCopy {
  payload: WorkingPayload;
  savedAt: string;
}

/** Whose copy of which page: one per user, page and content locale. */
export interface CopyTarget {
  userId: number;
  pageId: number;
  locale: string;
}
