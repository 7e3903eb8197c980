// The header's counts (changes waiting for the user, unread notifications) kept in the tab's
// sessionStorage for a short while, under the user's id: moving from screen to screen asks the
// server once in FRESH_MS. Nothing per user is cached on the server (DESIGN §2).
import type { HeaderCounts } from '../../../api/types';

/** How long counts read are shown without asking again. */
export const FRESH_MS = 30_000;

const keyOf = (userId: number) => `cms.headerCounts.${userId}`;

interface Kept extends HeaderCounts {
  at: number;
}

/** The counts kept for `userId`, if read less than FRESH_MS before `now`. */
export function keptCounts(storage: Storage, userId: number, now: number): HeaderCounts | null {
  let kept: unknown;
  try {
    kept = JSON.parse(storage.getItem(keyOf(userId)) ?? 'null');
  } catch {
    return null;
  }
  if (typeof kept !== 'object' || kept === null) return null;
  const { at, waiting, unread, most } = kept as Partial<Kept>;
  if (typeof at !== 'number' || now - at >= FRESH_MS || now < at) return null;
  if (![waiting, unread, most].every((value) => typeof value === 'number')) return null;
  return { waiting: waiting as number, unread: unread as number, most: most as number };
}

/** Keep `counts` for `userId` as read at `now` (a full or refused storage keeps nothing). */
export function keepCounts(storage: Storage, userId: number, counts: HeaderCounts, now: number) {
  try {
    storage.setItem(keyOf(userId), JSON.stringify({ ...counts, at: now }));
  } catch {
    // Private browsing or a full storage: the next screen asks the server again.
  }
}

/** A count as the header shows it: "99+" from `most` on (the server counts no further). */
export function countText(count: number, most: number): string {
  return count >= most ? `${most - 1}+` : String(count);
}
