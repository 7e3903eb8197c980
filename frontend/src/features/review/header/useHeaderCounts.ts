import { useCallback, useEffect, useState } from 'react';
import type { HeaderCounts } from '../../../api/types';
import { keepCounts, keptCounts } from './counts';
import type { NoticesApi } from './noticesApi';

/**
 * The header's counts for `userId`: those the tab kept if fresh, else asked of the server once
 * as the screen shows (a failure shows none). `setUnread` follows the bell's marking,
 * `setWaiting` a screen that knows better (Waiting for review).
 */
export function useHeaderCounts(
  userId: number,
  api: NoticesApi,
  storage: Storage = sessionStorage,
) {
  const [counts, setCounts] = useState<HeaderCounts | null>(() =>
    keptCounts(storage, userId, Date.now()),
  );
  const [askedFor] = useState(counts === null);

  useEffect(() => {
    if (!askedFor) return;
    let current = true;
    api.counts().then(
      (answer) => {
        if (!current) return;
        keepCounts(storage, userId, answer, Date.now());
        setCounts(answer);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, askedFor, storage, userId]);

  const setUnread = useCallback(
    (unread: number) =>
      setCounts((now) => {
        if (!now) return now;
        const next = { ...now, unread };
        keepCounts(storage, userId, next, Date.now());
        return next;
      }),
    [storage, userId],
  );
  const setWaiting = useCallback(
    (waiting: number) =>
      setCounts((now) => {
        // Unknown yet: the call on its way answers as fresh a count.
        if (!now || now.waiting === waiting) return now;
        const next = { ...now, waiting };
        keepCounts(storage, userId, next, Date.now());
        return next;
      }),
    [storage, userId],
  );
  return { counts, setUnread, setWaiting };
}
