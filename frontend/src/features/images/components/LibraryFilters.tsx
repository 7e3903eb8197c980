import { useId, useState } from 'react';
import type { Locale } from '../../../api/types';
import { t } from '../../../i18n';
import type { LibraryFilters as Filters } from '../model';

interface LibraryFiltersProps {
  filters: Filters;
  locales: readonly Locale[];
  onChange: (filters: Filters) => void;
}

/** The search box and the "missing alternative text in {locale}" filter. */
export function LibraryFilters({ filters, locales, onChange }: LibraryFiltersProps) {
  const [q, setQ] = useState(filters.q);
  const searchId = useId();
  return (
    <form
      className="library-filters"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filters, q, page: 1 });
      }}
    >
      <div className="library-filters__field library-filters__field--search">
        <label htmlFor={searchId}>{t('imageLibrary.search')}</label>
        <span className="library-filters__row">
          <input
            id={searchId}
            className="input"
            type="search"
            value={q}
            placeholder={t('imageLibrary.searchHint')}
            onChange={(event) => setQ(event.target.value)}
          />
          <button type="submit" className="button">
            {t('imageLibrary.searchButton')}
          </button>
        </span>
      </div>
      <label className="library-filters__field">
        <span>{t('imageLibrary.missingAlt')}</span>
        <select
          className="input"
          value={filters.missing_alt ?? ''}
          onChange={(event) =>
            onChange({ ...filters, q, missing_alt: event.target.value || null, page: 1 })
          }
        >
          <option value="">{t('imageLibrary.anyLocale')}</option>
          {locales.map((locale) => (
            <option key={locale.code} value={locale.code}>
              {locale.name}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
