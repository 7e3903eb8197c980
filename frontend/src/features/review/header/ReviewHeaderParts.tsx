import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { t } from '../../../i18n';
import { HeaderPartsProvider } from '../../../ui/headerParts';
import { countText } from './counts';
import { HeaderCountsContext } from './countsContext';
import { NotificationBell } from './NotificationBell';
import { createNoticesApi } from './noticesApi';
import type { NoticesApi } from './noticesApi';
import { useHeaderCounts } from './useHeaderCounts';
import './header.css';

interface ReviewHeaderPartsProps {
  userId: number;
  api?: NoticesApi;
  children: ReactNode;
}

/** Give every header below the count of changes waiting for the user and the bell (issue 32). */
export function ReviewHeaderParts({ userId, api, children }: ReviewHeaderPartsProps) {
  const calls = useMemo(() => api ?? createNoticesApi(), [api]);
  const { counts, setUnread, setWaiting } = useHeaderCounts(userId, calls);
  const update = useMemo(() => ({ setWaiting }), [setWaiting]);
  const parts = useMemo(() => {
    const most = counts?.most ?? 100;
    const waiting = counts?.waiting ?? 0;
    return {
      reviewsBadge: waiting > 0 && (
        <>
          {' '}
          <span className="header-count" aria-hidden="true">
            {countText(waiting, most)}
          </span>
          <span className="visually-hidden">
            {', '}
            {waiting >= most
              ? t('header.reviewsWaitingMost', { count: most })
              : t('header.reviewsWaiting', { count: waiting })}
          </span>
        </>
      ),
      tools: (
        <NotificationBell
          unread={counts?.unread ?? null}
          most={most}
          api={calls}
          onUnreadChange={setUnread}
        />
      ),
    };
  }, [calls, counts, setUnread]);
  return (
    <HeaderCountsContext.Provider value={update}>
      <HeaderPartsProvider value={parts}>{children}</HeaderPartsProvider>
    </HeaderCountsContext.Provider>
  );
}
