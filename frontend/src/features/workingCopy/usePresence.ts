import { useEffect, useRef, useState } from 'react';
import { createWorkingCopyApi } from './api';
import type { WorkingCopyApi } from './api';
import type { Viewer } from './types';

/** How often the editor says the page is open (the server counts the last 15 s). */
export const PRESENCE_INTERVAL_MS = 5_000;

const defaultApi = createWorkingCopyApi();

/**
 * Say the page is open here (at once, then every 5 s) and answer the other users who have it
 * open; say it is closed when the editor goes, the document included (keepalive).
 */
export function usePresence(
  pageId: number | null,
  locale: string,
  api: WorkingCopyApi = defaultApi,
): Viewer[] {
  const [seen, setSeen] = useState<{ pageId: number; viewers: Viewer[] } | null>(null);
  // Presence is the page's, whatever its locale: a locale switch neither leaves nor comes back.
  const localeRef = useRef(locale);
  useEffect(() => {
    localeRef.current = locale;
  }, [locale]);

  useEffect(() => {
    if (pageId === null) return;
    let live = true;
    const ping = () =>
      api.here(localeRef.current, pageId).then(
        (viewers) => live && setSeen({ pageId, viewers }),
        () => undefined,
      );
    void ping();
    const timer = setInterval(() => void ping(), PRESENCE_INTERVAL_MS);
    const leave = () => api.leave(localeRef.current, pageId);
    // Back from the browser's page cache: open again.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void ping();
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', onShow);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', onShow);
      leave();
    };
  }, [pageId, api]);

  return seen && seen.pageId === pageId ? seen.viewers : [];
}
