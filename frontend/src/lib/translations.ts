// A page's translation state per locale (issue 22, DESIGN §3): every page answer carries
// `translations` ({locale: missing | current | outdated}, every locale but the default one) and
// `outdated_blocks` and `missing_blocks` ({locale: [block names]}); which blocks are copies of
// another locale's text, source_changes.json tells. Read defensively: the shapes a screen gets
// may come from before the fields existed (an embedded tree, a test fixture).
import { t } from '../i18n';

export type TranslationState = 'missing' | 'current' | 'outdated';

/** The fields of a page answer that say how its translations stand. */
export interface TranslationFields {
  translations?: Readonly<Record<string, TranslationState>>;
  outdated_blocks?: Readonly<Record<string, readonly string[]>>;
  missing_blocks?: Readonly<Record<string, readonly string[]>>;
}

const STATES: ReadonlySet<string> = new Set(['missing', 'current', 'outdated']);

export function isTranslationState(value: unknown): value is TranslationState {
  return typeof value === 'string' && STATES.has(value);
}

/** The state of a page in a locale; undefined for the default locale (the source) or unknown. */
export function translationState(page: unknown, locale: string): TranslationState | undefined {
  const map = fieldOf(page, 'translations');
  const state = map?.[locale];
  return isTranslationState(state) ? state : undefined;
}

/** Every locale's state of a page (the default locale has none). */
export function translationStates(page: unknown): Record<string, TranslationState> {
  const map = fieldOf(page, 'translations') ?? {};
  const states: Record<string, TranslationState> = {};
  for (const [locale, state] of Object.entries(map)) {
    if (isTranslationState(state)) states[locale] = state;
  }
  return states;
}

/** The names of a page's blocks that are outdated in a locale. */
export function outdatedBlocks(page: unknown, locale: string): readonly string[] {
  return namesIn(fieldOf(page, 'outdated_blocks')?.[locale]);
}

/** The names of a page's blocks still to translate in a locale: empty where the source has text. */
export function missingBlocks(page: unknown, locale: string): readonly string[] {
  return namesIn(fieldOf(page, 'missing_blocks')?.[locale]);
}

function namesIn(list: unknown): readonly string[] {
  return Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string') : [];
}

function fieldOf(page: unknown, field: string): Record<string, unknown> | undefined {
  if (typeof page !== 'object' || page === null || !(field in page)) return undefined;
  const value: unknown = (page as Record<string, unknown>)[field];
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)
    : undefined;
}

/** What a state is called in the interface language ('Outdated'). */
export function translationStateName(state: TranslationState): string {
  return t(`translation.state.${state}`);
}
