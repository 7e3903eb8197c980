import { useEffect, useState } from 'react';
import type { ScheduledMark } from '../../api/types';
import { createSchedulingApi } from './api';
import type { SchedulingApi } from './api';

/** What the tree marks on a row: a change waiting to go live, or one that could not. */
export interface PendingChange {
  state: 'waiting' | 'failed';
  at: string;
  reason?: string | null;
}

/** How often the tree reads the marks again (a change goes live within 60 s of its time). */
export const MARKS_REFRESH_MS = 60_000;

const defaultApi = createSchedulingApi();

/**
 * The mark of each page with a waiting or failed change: a failed one wins (it needs a hand),
 * else the soonest waiting one (its time shows).
 */
export function pendingByPage(marks: readonly ScheduledMark[]): Map<number, PendingChange> {
  const pending = new Map<number, PendingChange>();
  for (const mark of marks) {
    if (mark.state !== 'failed' && mark.state !== 'waiting') continue;
    const before = pending.get(mark.page_id);
    const wins =
      !before ||
      (mark.state === 'failed'
        ? before.state === 'waiting' || Date.parse(mark.at) > Date.parse(before.at)
        : before.state === 'waiting' && Date.parse(mark.at) < Date.parse(before.at));
    if (wins) pending.set(mark.page_id, { state: mark.state, at: mark.at, reason: mark.reason });
  }
  return pending;
}

/** The site's pages with a waiting or failed scheduled change, read now and every minute. */
export function useScheduledMarks(
  api: SchedulingApi = defaultApi,
): ReadonlyMap<number, PendingChange> {
  const [marks, setMarks] = useState<ReadonlyMap<number, PendingChange>>(() => new Map());
  useEffect(() => {
    let live = true;
    const read = () =>
      api.marks().then(
        (list) => live && setMarks(pendingByPage(list)),
        () => undefined,
      );
    void read();
    const timer = setInterval(() => void read(), MARKS_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api]);
  return marks;
}
