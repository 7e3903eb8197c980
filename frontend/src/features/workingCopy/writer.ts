// Keeping the working copy as the user types: in the browser's storage at once, on the server
// once typing stops (≤ 1 s), one call at a time so an older copy never lands after a newer one
// or after the discard, and again later when the server could not be reached. Failures are
// silent: the local copy is there whatever the network does.
import { HttpError } from '../../lib/http';
import type { WorkingCopyApi } from './api';
import { clearLocal, writeLocal } from './localCopy';
import type { CopyTarget, WorkingPayload } from './types';

/** How long typing must stop before the server gets the copy. */
export const SERVER_DELAY_MS = 800;
/** How long to wait before trying the server again, after each failure in a row. */
export const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000] as const;

type Wish = { kind: 'keep'; payload: WorkingPayload } | { kind: 'discard' };

export interface WorkingCopyWriter {
  /** The form changed: keep its payload here at once, on the server once typing stops. */
  edit(payload: WorkingPayload): void;
  /** Nothing is unsaved any more (saved, discarded): remove both copies. */
  clear(): void;
  /** Whether this writer has sent a copy to the server (so the server's copy is its own). */
  hasSent(): boolean;
  /** Try the server again now (the browser is back online). */
  retry(): void;
  /** The editor closes or changes locale: a copy waiting for typing to stop goes at once. */
  stop(): void;
}

interface WriterOptions {
  api: Pick<WorkingCopyApi, 'keep' | 'discard'>;
  storage: Storage | null;
  target: CopyTarget;
  now?: () => Date;
}

/** A refusal that the same call would meet again (a payload the schema refuses, a page gone). */
function hopeless(error: unknown): boolean {
  return error instanceof HttpError && [400, 404, 422].includes(error.status);
}

export function createWriter({
  api,
  storage,
  target,
  now = () => new Date(),
}: WriterOptions): WorkingCopyWriter {
  let typing: ReturnType<typeof setTimeout> | undefined;
  let pending: WorkingPayload | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let wish: Wish | null = null;
  let busy = false;
  let failures = 0;
  let sent = false;
  let stopped = false;

  const send = (next: Wish) =>
    next.kind === 'keep'
      ? api.keep(target.locale, target.pageId, next.payload)
      : api.discard(target.locale, target.pageId);

  async function pump(): Promise<void> {
    if (busy) return;
    busy = true;
    while (wish) {
      const current = wish;
      wish = null;
      if (current.kind === 'keep') sent = true;
      try {
        await send(current);
        failures = 0;
      } catch (error) {
        // A newer wish replaces this one; else the same goes again later.
        if (wish || hopeless(error) || stopped) continue;
        wish = current;
        const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)];
        failures += 1;
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => void pump(), delay);
        break;
      }
    }
    busy = false;
  }

  function want(next: Wish) {
    wish = next;
    clearTimeout(retryTimer);
    void pump();
  }

  function flushTyping() {
    clearTimeout(typing);
    typing = undefined;
    if (pending) want({ kind: 'keep', payload: pending });
    pending = null;
  }

  return {
    edit(payload) {
      writeLocal(storage, target, { payload, savedAt: now().toISOString() });
      pending = payload;
      clearTimeout(typing);
      typing = setTimeout(flushTyping, SERVER_DELAY_MS);
    },
    clear() {
      clearLocal(storage, target);
      clearTimeout(typing);
      pending = null;
      want({ kind: 'discard' });
    },
    hasSent: () => sent || pending !== null,
    retry() {
      if (wish && !busy) want(wish);
    },
    stop() {
      flushTyping();
      stopped = true;
      clearTimeout(retryTimer);
    },
  };
}
