import { useId, useSyncExternalStore } from 'react';
import { t } from '../../../i18n';
import type { TreeStore } from '../store';
import type { FilterState, TranslationFilterKind } from '../translationFilter';

/** What the filter says of what it found. */
function filterStatusText(filter: FilterState): string {
  if (filter.status === 'loading') return t('translation.filter.loading');
  if (filter.status === 'failed') return `${t('translation.filter.failed')}.`;
  if (filter.status === 'done')
    return t('translation.filter.found', { count: filter.matches.size });
  return '';
}

const KINDS: readonly TranslationFilterKind[] = ['outdated', 'missing'];

/** 'Show: All pages | Outdated in Norsk bokmål | Missing in Norsk bokmål' (issue 22). */
export function TranslationFilter({ store, localeName }: { store: TreeStore; localeName: string }) {
  const filter = useSyncExternalStore(store.subscribe, () => store.getState().filter);
  const id = useId();
  return (
    <div className="tree-filter">
      <label htmlFor={`${id}-select`}>{t('translation.filter.label')}</label>
      <select
        id={`${id}-select`}
        className="input"
        value={filter.kind ?? ''}
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          const value = event.target.value;
          const kind = KINDS.find((item) => item === value) ?? null;
          void store.filterTranslation(kind);
        }}
      >
        <option value="">{t('translation.filter.all')}</option>
        <option value="outdated">{t('translation.filter.outdated', { locale: localeName })}</option>
        <option value="missing">{t('translation.filter.missing', { locale: localeName })}</option>
      </select>
      <p id={`${id}-status`} className="tree-filter__status" aria-live="polite">
        {filterStatusText(filter)}
      </p>
    </div>
  );
}
