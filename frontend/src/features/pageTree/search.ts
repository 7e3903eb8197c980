// Finding a page in a tree that is only partly loaded: the server answers the matches with
// their ancestors; they join the tree, the path to each match opens, the matches are marked.
import { t } from '../../i18n';
import { failureText } from './api';
import type { TreeApi } from './api';
import type { KeepLocal } from './merge';
import { mergeFound, searchMatches } from './merge';
import { ancestorIds } from './model';
import type { TreeModel } from './model';

export interface SearchState {
  /** The text searched for, trimmed ('' when there is no search). */
  query: string;
  status: 'idle' | 'searching' | 'done' | 'failed';
  /** The pages found (not the ancestors that came with them). */
  matches: ReadonlySet<number>;
}

export const IDLE_SEARCH: SearchState = { query: '', status: 'idle', matches: new Set() };

/** The server answers at most this many matches (read_model.MAX_SEARCH_MATCHES). */
const MAX_MATCHES = 100;

/** The longest text the server searches for. */
export const MAX_QUERY_LENGTH = 200;

interface SearchContext {
  api: Pick<TreeApi, 'searchPages'>;
  getState: () => { model: TreeModel; search: SearchState };
  set: (patch: { model?: TreeModel; search?: SearchState }) => void;
  /** Open these nodes (and remember it, as if the person had opened them). */
  openAll: (ids: readonly number[]) => void;
  mark: () => number;
  keepSince: (since: number) => KeepLocal;
  onError: (message: string, retry?: () => void) => void;
  /** What the failure message says could not be done. */
  failure: string;
}

/** The search half of the tree store. */
export function createTreeSearch(context: SearchContext) {
  const { api, getState, set } = context;
  /** The search on its way, if any; an answer to an older one is dropped. */
  let current: { query: string; answer: Promise<readonly number[]> } | null = null;

  const run = (query: string): Promise<readonly number[]> => {
    const since = context.mark();
    const previous = getState().search;
    set({
      search: {
        query,
        status: 'searching',
        matches: previous.query === query ? previous.matches : new Set(),
      },
    });
    const answer = api.searchPages(query).then(
      (records) => {
        if (current?.answer !== answer) return [];
        current = null;
        const model = mergeFound(getState().model, records, context.keepSince(since));
        const matches = searchMatches(records, query).filter((id) => model.pages.has(id));
        set({ model, search: { query, status: 'done', matches: new Set(matches) } });
        context.openAll([...new Set(matches.flatMap((id) => ancestorIds(model, id)))]);
        return matches;
      },
      (error: unknown) => {
        if (current?.answer !== answer) return [];
        current = null;
        set({ search: { query, status: 'failed', matches: new Set() } });
        context.onError(failureText(context.failure, error), () => void search(query));
        return [];
      },
    );
    current = { query, answer };
    return answer;
  };

  /**
   * Search for pages whose name contains the text (blank: no search); resolve the ids found.
   * The same text as the search on its way, or the one done, is not asked again.
   */
  const search = (text: string): Promise<readonly number[]> => {
    const query = text.trim().slice(0, MAX_QUERY_LENGTH);
    if (!query) {
      clear();
      return Promise.resolve([]);
    }
    if (current?.query === query) return current.answer;
    const done = getState().search;
    if (!current && done.query === query && done.status === 'done')
      return Promise.resolve([...done.matches]);
    return run(query);
  };

  /** End the search; what it loaded and opened stays. */
  const clear = () => {
    current = null;
    if (getState().search !== IDLE_SEARCH) set({ search: IDLE_SEARCH });
  };

  return { search, clear };
}

/**
 * Split a shown name around the first place the searched text occurs in it, ignoring case:
 * [before, match, after], or null when it does not occur (the name may have matched in
 * another locale).
 */
export function splitMatch(name: string, query: string): [string, string, string] | null {
  const text = query.trim();
  if (!text) return null;
  const lower = name.toLocaleLowerCase();
  // Lower-casing may change a text's length (İ): then the indexes would not fit the name.
  if (lower.length !== name.length) return null;
  const at = lower.indexOf(text.toLocaleLowerCase());
  if (at === -1) return null;
  const end = at + text.length;
  return [name.slice(0, at), name.slice(at, end), name.slice(end)];
}

/** Return what the search box says about the search. */
export function searchStatusText(search: SearchState): string {
  if (search.status === 'searching') return t('tree.search.searching');
  if (search.status === 'failed') return t('tree.search.failed');
  if (search.status === 'idle') return '';
  const count = search.matches.size;
  if (count === 0) return t('tree.search.none', { query: search.query });
  const found =
    count >= MAX_MATCHES ? t('tree.search.first', { count }) : t('tree.search.found', { count });
  return `${found} ${t('tree.search.goToFirst')}`;
}
