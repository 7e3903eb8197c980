// What features add to every screen's header (the app composes them, ui/ knows no entity):
// a count beside the Reviews link and tools before the user's name (the notifications bell).
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

export interface HeaderParts {
  /** Shown inside the Reviews link, after its name (the count of changes waiting). */
  reviewsBadge?: ReactNode;
  /** Shown before the user's name (the notifications bell). */
  tools?: ReactNode;
}

const HeaderPartsContext = createContext<HeaderParts>({});

/** Give the headers below the parts the app composed. */
export const HeaderPartsProvider = HeaderPartsContext.Provider;

export function useHeaderParts(): HeaderParts {
  return useContext(HeaderPartsContext);
}
