import { useId } from 'react';
import type { Locale } from '../../../api/types';
import { t } from '../../../i18n';

interface TranslationToolbarProps {
  /** The locales to translate from: every one but the one being edited. */
  sources: readonly Locale[];
  sourceLocale: string;
  onSource: (code: string) => void;
  sideBySide: boolean;
  onSideBySide: (on: boolean) => void;
  /** Open the copy dialog; absent when the page cannot be changed. */
  onCopyPage?: () => void;
}

/** Above the fields of a translation: the source locale, side by side, copy from it. */
export function TranslationToolbar({
  sources,
  sourceLocale,
  onSource,
  sideBySide,
  onSideBySide,
  onCopyPage,
}: TranslationToolbarProps) {
  const id = useId();
  const name = sources.find((item) => item.code === sourceLocale)?.name ?? sourceLocale;
  return (
    <div className="translation-toolbar" role="group" aria-label={t('translation.tools')}>
      <label className="translation-toolbar__source" htmlFor={`${id}-source`}>
        {t('translation.source')}
        <select
          id={`${id}-source`}
          className="input"
          value={sourceLocale}
          onChange={(event) => onSource(event.target.value)}
        >
          {sources.map((item) => (
            <option key={item.code} value={item.code} lang={item.code}>
              {item.name}
            </option>
          ))}
        </select>
      </label>
      <label className="translation-toolbar__toggle">
        <input
          type="checkbox"
          checked={sideBySide}
          onChange={(event) => onSideBySide(event.target.checked)}
        />
        {t('translation.sideBySide')}
      </label>
      {onCopyPage && (
        <button type="button" className="button" onClick={onCopyPage}>
          {t('translation.copyPage', { locale: name })}
        </button>
      )}
    </div>
  );
}
