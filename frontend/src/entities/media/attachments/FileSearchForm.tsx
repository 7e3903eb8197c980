import { useId } from 'react';
import type { FormEvent } from 'react';
import { t } from '../../../i18n';

interface SearchFormProps {
  className: string;
  query: string;
  onQuery: (query: string) => void;
  /** Search for the query as it stands. */
  onSearch: () => void;
}

/** The file search (by name in any locale, or filename): the library's and the picker's. */
export function FileSearchForm({ className, query, onQuery, onSearch }: SearchFormProps) {
  const searchId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form className={className} role="search" onSubmit={submit}>
      <label htmlFor={searchId}>{t('fileLibrary.search')}</label>
      <input
        id={searchId}
        type="search"
        className="input"
        placeholder={t('fileLibrary.searchHint')}
        value={query}
        onChange={(event) => onQuery(event.target.value)}
      />
      <button type="submit" className="button">
        {t('fileLibrary.searchButton')}
      </button>
    </form>
  );
}
