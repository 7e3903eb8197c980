import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createWorkingCopyApi } from './api';
import type { WorkingCopyApi } from './api';
import { changesNothing, newer, readLocal } from './localCopy';
import type { CopyTarget, WorkingCopy, WorkingPayload } from './types';
import { createWriter } from './writer';
import type { WorkingCopyWriter } from './writer';

interface WorkingCopyOptions {
  /** Whose copy of which page; null keeps none (a new page, a page the user may not edit). */
  target: CopyTarget | null;
  /** Whether the form holds unsaved changes. */
  dirty: boolean;
  /** Changes whenever the form does (the draft). */
  version: unknown;
  /** The form's payload now: what a save would send. */
  payload: () => WorkingPayload;
  /** What a save of the stored page would send: a copy holding just that is not worth offering. */
  stored: () => WorkingPayload;
  api?: WorkingCopyApi;
  storage?: Storage | null;
}

export interface WorkingCopyState {
  /** A copy kept from before this page was opened, offered until the user chooses. */
  offer: WorkingCopy | null;
  /** The user restores the offer: it is no longer offered, and is answered for the form. */
  take: () => WorkingCopy | null;
  /** The user discards the offer: both copies go (the form's own edits are kept again). */
  discard: () => void;
}

const defaultApi = createWorkingCopyApi();
const browserStorage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/**
 * The working copy of a page (DESIGN §3): the unsaved edits kept as the user types, and the
 * copy offered when the page is opened again. The copy follows the form: while it differs
 * from the stored page it is kept, and once it no longer does (a save, a reload) it goes.
 * A copy from another tab is offered, never taken unasked.
 */
export function useWorkingCopy({
  target,
  dirty,
  version,
  payload,
  stored,
  api = defaultApi,
  storage = browserStorage(),
}: WorkingCopyOptions): WorkingCopyState {
  const { userId, pageId, locale } = target ?? { userId: 0, pageId: 0, locale: '' };
  const enabled = target !== null;
  const key = enabled ? `${userId}:${pageId}:${locale}` : null;
  const latest = useRef({ payload, stored, dirty });
  useEffect(() => {
    latest.current = { payload, stored, dirty };
  });
  const writer = useRef<WorkingCopyWriter | null>(null);
  // Whether this editor has kept a copy since it opened the page (so a clean form clears it).
  const wrote = useRef(false);
  const [offered, setOffered] = useState<{ key: string; copy: WorkingCopy } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const copyOf = { userId, pageId, locale };
    const current = createWriter({ api, storage, target: copyOf });
    writer.current = current;
    wrote.current = false;
    let live = true;
    const offer = (copy: WorkingCopy | null) => {
      if (copy && !changesNothing(copy.payload, latest.current.stored()))
        setOffered({ key: `${userId}:${pageId}:${locale}`, copy });
    };
    const local = readLocal(storage, copyOf);
    offer(local);
    api.load(locale, pageId).then(
      (remote) => {
        // A copy this editor sent since is its own, not one to offer.
        if (live && !current.hasSent()) offer(newer(local, remote));
      },
      () => undefined,
    );
    const onOnline = () => current.retry();
    window.addEventListener('online', onOnline);
    return () => {
      live = false;
      window.removeEventListener('online', onOnline);
      current.stop();
      if (writer.current === current) writer.current = null;
    };
  }, [enabled, userId, pageId, locale, api, storage]);

  useEffect(() => {
    const current = writer.current;
    if (!current) return;
    if (dirty) {
      current.edit(latest.current.payload());
      wrote.current = true;
    } else if (wrote.current) {
      current.clear();
      wrote.current = false;
    }
  }, [version, dirty, key]);

  const offer = offered && offered.key === key ? offered.copy : null;
  const take = useCallback(() => {
    setOffered(null);
    return offer;
  }, [offer]);
  const discard = useCallback(() => {
    setOffered(null);
    const current = writer.current;
    if (!current) return;
    current.clear();
    // Edits made in this editor meanwhile are its own: they are kept again.
    if (latest.current.dirty) {
      current.edit(latest.current.payload());
      wrote.current = true;
    }
  }, []);
  return useMemo(() => ({ offer, take, discard }), [offer, take, discard]);
}
