// Which pages have changed on this screen, and when: answers to reads (a node's children, a
// search) must not undo a change the server has not confirmed, nor one it confirmed after
// the read was made.
import type { KeepLocal } from './merge';
import { isSaved } from './model';

export interface WriteLog {
  /** Calls sent and not answered yet, for any page. */
  readonly pending: number;
  /** Note a call about a page on its way (its optimistic change is on screen)… */
  begin(id: number): void;
  /** …and its answer (or failure). */
  end(id: number): void;
  /** A mark to compare later changes with: take it when a read is sent. */
  mark(): number;
  /** Which pages an answer to a read sent at `since` must leave as they are. */
  keepSince(since: number): KeepLocal;
  /** Resolves once no call about the page is on its way (at once when none is). */
  settled(id: number): Promise<void>;
}

export function createWriteLog(): WriteLog {
  let clock = 0;
  let pending = 0;
  const busy = new Map<number, number>();
  const changedAt = new Map<number, number>();
  const waiting = new Map<number, (() => void)[]>();
  const touch = (id: number) => {
    clock += 1;
    changedAt.set(id, clock);
  };
  return {
    get pending() {
      return pending;
    },
    begin(id) {
      pending += 1;
      busy.set(id, (busy.get(id) ?? 0) + 1);
      touch(id);
    },
    end(id) {
      pending -= 1;
      const left = (busy.get(id) ?? 1) - 1;
      if (left > 0) busy.set(id, left);
      else {
        busy.delete(id);
        waiting.get(id)?.forEach((resolve) => resolve());
        waiting.delete(id);
      }
      touch(id);
    },
    mark: () => clock,
    keepSince: (since) => (id) => !isSaved(id) || busy.has(id) || (changedAt.get(id) ?? 0) > since,
    settled: (id) =>
      busy.has(id)
        ? new Promise((resolve) => waiting.set(id, [...(waiting.get(id) ?? []), resolve]))
        : Promise.resolve(),
  };
}
