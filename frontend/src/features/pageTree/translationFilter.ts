// The tree filtered to the pages outdated or missing in its locale (issue 22): the server
// answers them with their ancestors (pages.json?translation=); they join the tree, their paths
// open, and the tree shows only them and the pages above them.
import type { TranslationState } from '../../lib/translations';
import { failureText } from './api';
import type { TreeApi } from './api';
import type { KeepLocal } from './merge';
import { mergeFound } from './merge';
import { ancestorIds, isDeleted } from './model';
import type { TreeModel, TreeRow } from './model';
import type { TreePage } from './types';

export type TranslationFilterKind = Exclude<TranslationState, 'current'>;

export interface FilterState {
  kind: TranslationFilterKind | null;
  status: 'idle' | 'loading' | 'done' | 'failed';
  /** The pages in that state. */
  matches: ReadonlySet<number>;
  /** The pages the tree shows: the matches and their ancestors. */
  shown: ReadonlySet<number>;
}

export const NO_FILTER: FilterState = {
  kind: null,
  status: 'idle',
  matches: new Set(),
  shown: new Set(),
};

interface FilterContext {
  api: Pick<TreeApi, 'filterPages'>;
  locale: string;
  getState: () => { model: TreeModel; filter: FilterState };
  set: (patch: { model?: TreeModel; filter?: FilterState }) => void;
  openAll: (ids: readonly number[]) => void;
  mark: () => number;
  keepSince: (since: number) => KeepLocal;
  onError: (message: string, retry?: () => void) => void;
  failure: string;
}

/**
 * The pages of an answer that are in the state asked: by their own `translations` when the
 * answer carries them, else those that are no other's ancestor in it.
 */
export function filterMatches(
  records: readonly TreePage[],
  kind: TranslationFilterKind,
  locale: string,
): number[] {
  const parents = new Set(records.map((record) => record.parent_page_id));
  return records
    .filter((record) => {
      if (isDeleted(record)) return false;
      const state = record.translations?.[locale];
      return state ? state === kind : !parents.has(record.id);
    })
    .map((record) => record.id);
}

/**
 * The rows the tree shows under a filter: the root, the matches and their ancestors. Their
 * places among their siblings (aria-posinset, aria-setsize) count only the siblings shown,
 * so a screen reader says "2 of 3" of what is there, not of the rows hidden.
 */
export function filteredRows(rows: TreeRow[], filter: FilterState): TreeRow[] {
  if (filter.kind === null || filter.status !== 'done') return rows;
  const shown = rows.filter((row) => row.id === null || filter.shown.has(row.id));
  const siblings = new Map<TreeRow['parentId'], number>();
  for (const row of shown) {
    if (row.id !== null) siblings.set(row.parentId, (siblings.get(row.parentId) ?? 0) + 1);
  }
  const placed = new Map<TreeRow['parentId'], number>();
  return shown.map((row) => {
    if (row.id === null) return row;
    const posInSet = (placed.get(row.parentId) ?? 0) + 1;
    placed.set(row.parentId, posInSet);
    const setSize = siblings.get(row.parentId) ?? posInSet;
    return row.posInSet === posInSet && row.setSize === setSize
      ? row
      : { ...row, posInSet, setSize };
  });
}

export function createTranslationFilter(context: FilterContext) {
  let asked = 0;
  const apply = async (kind: TranslationFilterKind | null): Promise<void> => {
    const request = ++asked;
    if (kind === null || !context.api.filterPages) {
      context.set({ filter: NO_FILTER });
      return;
    }
    const since = context.mark();
    context.set({ filter: { ...NO_FILTER, kind, status: 'loading' } });
    try {
      const records = await context.api.filterPages(kind);
      if (request !== asked) return;
      const model = mergeFound(context.getState().model, records, context.keepSince(since));
      const matches = filterMatches(records, kind, context.locale).filter((id) =>
        model.pages.has(id),
      );
      const above = new Set(matches.flatMap((id) => ancestorIds(model, id)));
      const shown = new Set([...matches, ...above]);
      context.set({ model, filter: { kind, status: 'done', matches: new Set(matches), shown } });
      context.openAll([...above]);
    } catch (error) {
      if (request !== asked) return;
      context.set({ filter: { ...NO_FILTER, kind, status: 'failed' } });
      context.onError(failureText(context.failure, error), () => void apply(kind));
    }
  };
  return { apply };
}
