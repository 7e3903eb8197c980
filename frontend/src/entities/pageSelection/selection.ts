// The pages a person has selected in the tree, for the bulk actions (issue 33): a store of its
// own, apart from the tree's state, so a tick of one box re-renders that box and the count, not
// the tree's rows (10,000 of them on a large site). features/pageTree ticks; features/bulk reads
// what is ticked and acts on it; the app hands both the same store.

/**
 * The most pages one bulk job takes. DESIGN §3 names no cap; the benchmark runs 1,000
 * pages in one job, so the selection stops there rather than send what the server may refuse.
 */
export const MAX_SELECTED = 1000;

/** A selected page and the name it showed when it was ticked (a job's results name it so). */
export interface SelectedPage {
  id: number;
  name: string;
}

export type PageSelection = ReturnType<typeof createPageSelection>;

/** Create an empty selection. */
export function createPageSelection(limit: number = MAX_SELECTED) {
  // Insertion order is the order ticked, which is the order a job lists its results in.
  let pages = new Map<number, string>();
  /** The page a shift-click ranges from: the last one ticked or unticked by itself. */
  let anchor: number | null = null;
  const listeners = new Set<() => void>();
  const changed = (next: Map<number, string>) => {
    pages = next;
    listeners.forEach((listener) => listener());
  };

  /** Tick or untick these pages; answer how many could not be ticked for the limit. */
  const setMany = (entries: readonly SelectedPage[], on: boolean): number => {
    const next = new Map(pages);
    let refused = 0;
    for (const { id, name } of entries) {
      if (!on) next.delete(id);
      else if (next.has(id)) continue;
      else if (next.size < limit) next.set(id, name);
      else refused += 1;
    }
    if (next.size !== pages.size) changed(next);
    return refused;
  };

  return {
    limit,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    has: (id: number) => pages.has(id),
    get size() {
      return pages.size;
    },
    /** The selected pages in the order they were ticked. */
    pages: (): SelectedPage[] => [...pages].map(([id, name]) => ({ id, name })),
    /** The name a selected page showed, when it is selected. */
    nameOf: (id: number) => pages.get(id),
    /** Tick or untick one page; it becomes the anchor of the next shift-click. */
    toggle(page: SelectedPage): number {
      anchor = page.id;
      return setMany([page], !pages.has(page.id));
    },
    setMany,
    /**
     * A shift-click on `page`: every row from the anchor to it (in `rows`, the visible rows in
     * order) takes the state the clicked box takes. Without an anchor among the rows, the
     * click ticks the one page. Answer how many could not be ticked for the limit.
     */
    toggleRange(rows: readonly SelectedPage[], page: SelectedPage): number {
      const to = rows.findIndex((row) => row.id === page.id);
      const from = anchor === null ? -1 : rows.findIndex((row) => row.id === anchor);
      const on = !pages.has(page.id);
      if (to === -1 || from === -1) {
        anchor = page.id;
        return setMany([page], on);
      }
      const [first, last] = from < to ? [from, to] : [to, from];
      anchor = page.id;
      return setMany(rows.slice(first, last + 1), on);
    },
    clear() {
      anchor = null;
      if (pages.size > 0) changed(new Map());
    },
  };
}

/** What the tree offers the actions on its selection: to read again what changed. */
export interface SelectionHost {
  /** Re-read the pages the tree shows (a job changed them on the server). */
  refresh: () => void;
}
