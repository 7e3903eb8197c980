// What a screen that knows a fresher count than the header's (Waiting for review: the total it
// was served with, less what it decided) tells the header (ReviewHeaderParts provides it).
import { createContext, useContext } from 'react';

export interface HeaderCountsUpdate {
  /** How many changes wait for the user now. */
  setWaiting: (waiting: number) => void;
}

export const HeaderCountsContext = createContext<HeaderCountsUpdate>({ setWaiting: () => {} });

export function useHeaderCountsUpdate(): HeaderCountsUpdate {
  return useContext(HeaderCountsContext);
}
