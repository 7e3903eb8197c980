// Pages with a scheduled change waiting to go live, or one that could not: the tree marks their
// rows. The app provides them (features/scheduling reads them); without a provider none are.
import { createContext, useContext } from 'react';

/** A page's scheduled change as its row shows it: waiting (the soonest), or failed (and why). */
export interface PendingChange {
  state: 'waiting' | 'failed';
  /** When it goes (or went) live: ISO 8601. */
  at: string;
  /** Why it failed, in the interface language. */
  reason?: string | null;
}

export const PendingChangesContext = createContext<ReadonlyMap<number, PendingChange>>(new Map());

/** The pending change of a page, if it has one. */
export function usePendingChange(id: number | undefined): PendingChange | undefined {
  const pending = useContext(PendingChangesContext);
  return id === undefined ? undefined : pending.get(id);
}
