import { useSyncExternalStore } from 'react';
import type { PageSelection } from './selection';

/**
 * Whether one page is selected. Each row's box asks for its own page: a tick re-renders the
 * boxes whose answer changed, never the tree.
 */
export function useIsSelected(selection: PageSelection, id: number): boolean {
  return useSyncExternalStore(selection.subscribe, () => selection.has(id));
}

/** How many pages are selected. */
export function useSelectedCount(selection: PageSelection): number {
  return useSyncExternalStore(selection.subscribe, () => selection.size);
}
