import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScheduledChangeOut } from '../../api/types';
import { createSchedulingApi } from './api';
import type { ScheduleBody, ScheduleResult, SchedulingApi } from './api';

/** How often a change past its time is looked for again until it has gone live (or failed). */
export const DUE_POLL_MS = 10_000;
/** How long after its time a change is first looked for (the server applies it within 60 s). */
export const AFTER_DUE_MS = 2_000;
/** setTimeout's longest wait. */
const MAX_WAIT_MS = 2 ** 31 - 1;

export interface ScheduledChanges {
  /** The page's waiting and failed changes, and those that went live while it was open. */
  shown: ScheduledChangeOut[];
  schedule: (request: ScheduleBody) => Promise<ScheduleResult>;
  /** Cancel a waiting change, or dismiss a failed one (DELETE). */
  cancel: (id: number) => Promise<boolean>;
  /** Stop showing that a change went live (the editor now shows what is live). */
  acknowledge: (id: number) => void;
  /** The values of the changes read so far, by id (the list names only their fields). */
  values: ReadonlyMap<number, Record<string, unknown>>;
  /** Read the values a change sets (once; a failed read may be asked again). */
  loadValues: (id: number) => void;
}

interface Known {
  pageId: number;
  list: ScheduledChangeOut[];
  /** Changes seen waiting here that have gone live since. */
  wentLive: number[];
}

const defaultApi = createSchedulingApi();
const isWaiting = (change: ScheduledChangeOut) => change.state === 'waiting';

/** The changes of a new answer that were waiting in the one before and are applied now. */
function merge(before: Known | null, pageId: number, list: ScheduledChangeOut[]): Known {
  const earlier = before?.pageId === pageId ? before : null;
  const waiting = new Set(earlier?.list.filter(isWaiting).map((change) => change.id));
  const newly = list
    .filter((change) => change.state === 'applied' && waiting.has(change.id))
    .map((change) => change.id);
  return { pageId, list, wentLive: [...(earlier?.wentLive ?? []), ...newly] };
}

/**
 * A page's scheduled changes, read when the editor opens it and again once a waiting one's time
 * has come, so the editor says when it went live (or failed) while the page was open.
 */
export function useScheduledChanges(
  pageId: number | null,
  locale: string,
  api: SchedulingApi = defaultApi,
): ScheduledChanges {
  const [known, setKnown] = useState<Known | null>(null);
  const [values, setValues] = useState<ReadonlyMap<number, Record<string, unknown>>>(
    () => new Map(),
  );
  const asked = useRef(new Set<number>());
  const localeRef = useRef(locale);
  useEffect(() => {
    localeRef.current = locale;
  }, [locale]);

  const read = useCallback(
    (id: number) =>
      api.list(localeRef.current, id).then(
        (list) => setKnown((current) => merge(current, id, list)),
        () => undefined,
      ),
    [api],
  );

  useEffect(() => {
    if (pageId !== null) void read(pageId);
  }, [pageId, read]);

  const current = known && known.pageId === pageId ? known : null;
  useEffect(() => {
    if (pageId === null || !current) return;
    const due = current.list
      .filter(isWaiting)
      .map((change) => Date.parse(change.at))
      .filter((time) => !Number.isNaN(time));
    if (due.length === 0) return;
    const wait = Math.min(...due) + AFTER_DUE_MS - Date.now();
    // Past its time: look again every few seconds until the server has applied it.
    const timer = setTimeout(
      () => void read(pageId),
      wait > 0 ? Math.min(wait, MAX_WAIT_MS) : DUE_POLL_MS,
    );
    return () => clearTimeout(timer);
  }, [pageId, current, read]);

  const schedule = useCallback(
    async (request: ScheduleBody): Promise<ScheduleResult> => {
      if (pageId === null) return { kind: 'failed' };
      const result = await api.schedule(localeRef.current, pageId, request);
      if (result.kind === 'scheduled') {
        const { change } = result;
        setValues((before) => new Map(before).set(change.id, change.page));
        setKnown((before) => {
          const list = before?.pageId === pageId ? before.list : [];
          return merge(before, pageId, [result.change, ...list]);
        });
      }
      return result;
    },
    [api, pageId],
  );

  const cancel = useCallback(
    async (id: number) => {
      if (pageId === null) return false;
      const done = await api.cancel(localeRef.current, pageId, id);
      if (done) {
        setKnown((before) =>
          before ? { ...before, list: before.list.filter((change) => change.id !== id) } : before,
        );
      } else {
        // Gone live meanwhile, say: show it as it is now.
        void read(pageId);
      }
      return done;
    },
    [api, pageId, read],
  );

  const acknowledge = useCallback((id: number) => {
    setKnown((before) =>
      before ? { ...before, wentLive: before.wentLive.filter((live) => live !== id) } : before,
    );
  }, []);

  const loadValues = useCallback(
    (id: number) => {
      if (pageId === null || asked.current.has(id)) return;
      asked.current.add(id);
      api.get(localeRef.current, pageId, id).then(
        (change) => setValues((before) => new Map(before).set(id, change.page)),
        () => asked.current.delete(id),
      );
    },
    [api, pageId],
  );

  const shown = (current?.list ?? []).filter(
    (change) => change.state !== 'applied' || current?.wentLive.includes(change.id),
  );
  return { shown, schedule, cancel, acknowledge, values, loadValues };
}
