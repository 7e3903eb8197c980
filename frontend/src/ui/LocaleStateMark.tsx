import { language } from '../i18n';
import { translationStateName } from '../lib/translations';
import type { TranslationState } from '../lib/translations';

/** A drawn sign per state, so the state never rests on colour alone. */
const SIGNS: Readonly<Record<TranslationState, string>> = {
  missing: '○',
  outdated: '!',
  current: '✓',
};

/**
 * How a page's translation into a locale stands, beside the locale's name: a sign for the
 * eye, the state's name in words for assistive technology (in the interface language, as the
 * name beside it is in its own) and on hover.
 */
export function LocaleStateMark({ state }: { state: TranslationState }) {
  const name = translationStateName(state);
  return (
    <span className={`locale-state locale-state--${state}`} title={name}>
      <span className="locale-state__sign" aria-hidden="true">
        {SIGNS[state]}
      </span>
      <span className="visually-hidden" lang={language()}>
        ({name})
      </span>
    </span>
  );
}
