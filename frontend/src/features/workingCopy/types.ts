// Shapes of the working copy and presence calls (DESIGN §3 "Working copy"), written by hand
// until the generated OpenAPI types carry them (then: aliases in api/types.ts).

/** A save's `{"page": {...}}` body, as the working copy keeps it (blocks beside the fields). */
export interface WorkingPayload {
  page: Record<string, unknown>;
}

/** GET/PUT …/draft.json: the payload as sent, and when the server kept it. */
export interface DraftOut {
  page: Record<string, unknown>;
  saved_at: string;
}

/** Another user who has the page open (POST …/presence.json). */
export interface Viewer {
  id: number;
  username: string;
  name: string;
}

export interface PresenceOut {
  viewers: Viewer[];
}

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
