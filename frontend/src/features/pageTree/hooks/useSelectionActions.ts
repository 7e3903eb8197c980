import { useCallback } from 'react';
import { t } from '../../../i18n';
import type { PageSelection } from '../../../entities/pageSelection/selection';
import { isSaved } from '../model';
import type { TreeRow } from '../model';
import type { TreeStore } from '../store';

/** A subtree found slower than this says it is being looked for. */
const SLOW_WALK_MS = 400;

interface SelectionOptions {
  selection: PageSelection | undefined;
  store: TreeStore;
  /** The visible rows in order: a shift-click ranges over them. */
  rows: readonly TreeRow[];
  notify: (message: string) => void;
}

/** What the rows' boxes and their Select the subtree do to the selection (issue 33). */
export function useSelectionActions({ selection, store, rows, notify }: SelectionOptions) {
  const tellLimit = useCallback(
    (left: number) => {
      if (left > 0 && selection) notify(t('bulk.limit', { count: selection.limit }));
    },
    [selection, notify],
  );

  const onCheck = useCallback(
    (id: number, range: boolean) => {
      if (!selection) return;
      const page = { id, name: store.nameOf(id) };
      if (!range) return tellLimit(selection.toggle(page));
      // The pages of the visible rows, named only now: a range is rare, the rows are many.
      const visible = rows.flatMap((row) =>
        row.id !== null && isSaved(row.id) ? [{ id: row.id, name: store.nameOf(row.id) }] : [],
      );
      tellLimit(selection.toggleRange(visible, page));
    },
    [selection, store, rows, tellLimit],
  );

  const onSelectSubtree = useCallback(
    async (id: number) => {
      if (!selection) return;
      const name = `\u2068${store.nameOf(id)}\u2069`;
      // Nodes not loaded yet take a call per level: a walk that takes a while says so.
      const slow = setTimeout(() => notify(t('bulk.subtreeLoading', { name })), SLOW_WALK_MS);
      let found;
      try {
        found = await store.subtree(id, selection.limit);
      } catch {
        // The child loader has told what could not be loaded, with its Retry.
        return;
      } finally {
        clearTimeout(slow);
      }
      const left = selection.setMany(
        found.ids.map((pageId) => ({ id: pageId, name: store.nameOf(pageId) })),
        true,
      );
      if (left > 0 || !found.complete) tellLimit(Math.max(left, 1));
      else notify(t('bulk.subtreeSelected', { count: found.ids.length, name }));
    },
    [selection, store, notify, tellLimit],
  );

  return {
    onCheck: selection ? onCheck : undefined,
    onSelectSubtree: selection ? (id: number) => void onSelectSubtree(id) : undefined,
  };
}
