import { useCallback, useEffect, useRef, useState } from 'react';
import { tabFromHash } from '../tabs';
import type { TabState } from '../tabs';
import type { TabId } from '../types';

/** The current tab, kept in the address fragment (read on load, rewritten on change). */
export function useTab(states: Record<TabId, TabState>): [TabId, (tab: TabId) => void] {
  const [chosen, setChosen] = useState<TabId>(() => tabFromHash(window.location.hash, states));
  const statesRef = useRef(states);
  // A tab the template no longer offers falls back to Content.
  const tab = states[chosen] === 'link' ? chosen : 'content';

  useEffect(() => {
    statesRef.current = states;
  }, [states]);

  useEffect(() => {
    const onPopState = () => setChosen(tabFromHash(window.location.hash, statesRef.current));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useEffect(() => {
    if (window.location.hash === `#${tab}`) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}#${tab}`);
  }, [tab]);

  const select = useCallback((next: TabId) => {
    setChosen(next);
    if (window.location.hash === `#${next}`) return;
    const { pathname, search } = window.location;
    window.history.pushState({ tab: next }, '', `${pathname}${search}#${next}`);
  }, []);

  return [tab, select];
}
