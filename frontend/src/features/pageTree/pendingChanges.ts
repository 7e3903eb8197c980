// Pages with a scheduled change waiting to go live, or one that could not: the tree marks their
// rows. The app provides them (features/scheduling reads them); without a provider none are.
import { createContext, useContext } from 'react';

export type PendingChange = 'waiting' | 'failed';

export const PendingChangesContext = createContext<ReadonlyMap<number, PendingChange>>(new Map());

/** The pending change of a page, if it has one. */
export function usePendingChange(id: number | undefined): PendingChange | undefined {
  const pending = useContext(PendingChangesContext);
  return id === undefined ? undefined : pending.get(id);
}
