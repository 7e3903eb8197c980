// Whether a CSS media query matches now, kept up to date: for what a stylesheet cannot decide
// alone, such as which help text a screen reader is given beside a control.
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Narrow and touch screens: the page tree puts its row actions behind a menu button there
 * (treeRowActions.css uses the same query), and has no keyboard to speak of.
 */
export const NARROW_OR_TOUCH = '(max-width: 40rem), (hover: none)';

function mediaList(query: string): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Whether `query` matches; false where the browser cannot tell (no matchMedia). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaList(query)?.matches ?? false,
    () => false,
  );
}
