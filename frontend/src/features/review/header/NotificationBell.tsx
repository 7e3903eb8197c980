import { useEffect, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import type { Notice } from '../../../api/types';
import { t } from '../../../i18n';
import { formatWhen } from '../../../lib/when';
import { countText } from './counts';
import { noticeHref, noticeText } from './noticeModel';
import type { NoticesApi } from './noticesApi';

interface NotificationBellProps {
  /** Unread notifications (null: not known yet), counted up to `most`. */
  unread: number | null;
  most: number;
  api: NoticesApi;
  onUnreadChange: (unread: number) => void;
  /** Follow a link (the browser's own navigation; tests watch it). */
  go?: (href: string) => void;
}

type Listed = { notices: Notice[]; total: number; page: number } | 'loading' | 'failed';

/**
 * The bell in the header: the unread count, and a list of the user's notifications opened
 * below it (newest first, older ones page by page) to mark read or follow to the change.
 * Following an unread one marks it read first.
 */
export function NotificationBell({
  unread,
  most,
  api,
  onUnreadChange,
  go = (href) => window.location.assign(href),
}: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const [listed, setListed] = useState<Listed>('loading');
  const root = useRef<HTMLDivElement>(null);

  const load = async (page: number) => {
    try {
      const answer = await api.list(page);
      setListed((now) => ({
        notices:
          page > 1 && typeof now === 'object'
            ? [...now.notices, ...answer.notifications]
            : answer.notifications,
        total: answer.total,
        page,
      }));
      onUnreadChange(answer.unread);
    } catch {
      if (page === 1) setListed('failed');
    }
  };

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('mousedown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('mousedown', close);
    };
  }, [open]);

  const toggle = () => {
    if (!open) {
      setListed('loading');
      void load(1);
    }
    setOpen(!open);
  };

  const markRead = async (ids: number[] | null) => {
    try {
      onUnreadChange(await api.markRead(ids));
      setListed((now) =>
        typeof now === 'object'
          ? {
              ...now,
              notices: now.notices.map((notice) =>
                ids === null || ids.includes(notice.id) ? { ...notice, read: true } : notice,
              ),
            }
          : now,
      );
    } catch {
      // Left unread: the next opening shows it so.
    }
  };

  const follow = async (event: MouseEvent<HTMLAnchorElement>, notice: Notice) => {
    if (notice.read || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    await markRead([notice.id]);
    go(noticeHref(notice));
  };

  const label =
    unread === null || unread === 0
      ? t('notices.bell')
      : unread >= most
        ? t('notices.bellUnreadMost', { count: most })
        : t('notices.bellUnread', { count: unread });
  return (
    <div className="notice-bell" ref={root}>
      <button
        type="button"
        className="button button--link notice-bell__button"
        aria-expanded={open}
        aria-controls="notice-bell-list"
        title={label}
        onClick={toggle}
      >
        {/* Named by its words, not aria-label: what is seen (the count) stays part of the name. */}
        <span className="visually-hidden">{label}</span>
        <BellIcon />
        {unread !== null && unread > 0 && (
          <span className="header-count" aria-hidden="true">
            {countText(unread, most)}
          </span>
        )}
      </button>
      {open && (
        <section
          id="notice-bell-list"
          className="notice-bell__panel"
          aria-label={t('notices.title')}
        >
          <div className="notice-bell__head">
            <h2 className="notice-bell__title">{t('notices.title')}</h2>
            {unread !== null && unread > 0 && (
              <button
                type="button"
                className="button button--link"
                onClick={() => void markRead(null)}
              >
                {t('notices.markAllRead')}
              </button>
            )}
          </div>
          {listed === 'loading' && <p>{t('notices.loading')}</p>}
          {listed === 'failed' && <p role="alert">{t('notices.failed')}</p>}
          {typeof listed === 'object' && listed.notices.length === 0 && <p>{t('notices.none')}</p>}
          {typeof listed === 'object' && listed.notices.length > 0 && (
            <ul className="notice-bell__list">
              {listed.notices.map((notice) => (
                <li key={notice.id} className={notice.read ? 'notice' : 'notice notice--unread'}>
                  {!notice.read && <span className="visually-hidden">{t('notices.unread')}: </span>}
                  <a href={noticeHref(notice)} onClick={(event) => void follow(event, notice)}>
                    {noticeText(notice)}
                  </a>
                  <span className="notice__when">{formatWhen(notice.at)}</span>
                  {!notice.read && (
                    <button
                      type="button"
                      className="button button--link notice__read"
                      onClick={() => void markRead([notice.id])}
                    >
                      {t('notices.markRead')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {typeof listed === 'object' && listed.notices.length < listed.total && (
            <button
              type="button"
              className="button button--link"
              onClick={() => void load(listed.page + 1)}
            >
              {t('notices.more')}
            </button>
          )}
        </section>
      )}
    </div>
  );
}

/** A bell drawn in the text's colour: an emoji is a box where the system has no emoji font. */
function BellIcon() {
  return (
    <svg
      className="notice-bell__icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2zM10 20a2 2 0 0 0 4 0"
      />
    </svg>
  );
}
