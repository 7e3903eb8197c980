import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import type { Locale } from '../../../api/types';
import { t } from '../../../i18n';
import type { SearchContent } from '../contentSearch';
import { ContentSearch } from './ContentSearch';
import { SearchField } from './SearchField';
import { searchStatusText } from '../search';
import type { TreeStore } from '../store';

/** How long typing must pause before the search is sent. */
const SEARCH_DELAY_MS = 250;

interface TreeSearchProps {
  store: TreeStore;
  /** Move the focus to the first of these pages that the tree shows. */
  onGoToMatch: (ids: readonly number[]) => void;
  /** Search the content (issue 22): offered beside the names when given. */
  searchContent?: SearchContent;
  locales?: readonly Locale[];
}

type Mode = 'names' | 'content';

/**
 * 'Find a page': searches page names in every locale as one types (after a pause), opens
 * the path to each page found and marks it; Enter goes to the first, Escape clears.
 */
export function TreeSearch({ store, onGoToMatch, searchContent, locales = [] }: TreeSearchProps) {
  const search = useSyncExternalStore(store.subscribe, () => store.getState().search);
  const [text, setText] = useState('');
  const [mode, setMode] = useState<Mode>('names');
  const id = useId();

  useEffect(() => {
    if (!text.trim() || mode !== 'names') {
      store.clearSearch();
      return;
    }
    const timer = window.setTimeout(() => void store.search(text), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, store, mode]);

  const modes = searchContent && (
    <fieldset className="tree-search__modes">
      <legend className="visually-hidden">{t('search.mode')}</legend>
      {(['names', 'content'] as const).map((item) => (
        <label key={item} className="tree-search__mode">
          <input
            type="radio"
            name={`${id}-mode`}
            value={item}
            checked={mode === item}
            onChange={() => setMode(item)}
          />
          {t(item === 'names' ? 'search.mode.names' : 'search.mode.content')}
        </label>
      ))}
    </fieldset>
  );
  if (searchContent && mode === 'content') {
    return (
      <div className="tree-search tree-search--content" role="search">
        {modes}
        <ContentSearch search={searchContent} locales={locales} text={text} onText={setText} />
      </div>
    );
  }

  return (
    <div className="tree-search" role="search">
      {modes}
      <SearchField
        id={`${id}-input`}
        label={t('tree.search.label')}
        placeholder={t('tree.search.placeholder')}
        text={text}
        onText={setText}
        onEnter={() => {
          if (text.trim()) void store.search(text).then(onGoToMatch);
        }}
        status={searchStatusText(search)}
        spellCheck={false}
      />
    </div>
  );
}
