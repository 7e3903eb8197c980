// The translation calls (issue 22; the contract in DESIGN §3 and the helpers' agreement):
// what changed in the source since a locale's blocks were last translated, marking blocks
// checked, and the report of the pages to do per locale. The shapes are written here after
// the contract until the generated types carry them.
import type { Page } from '../../api/types';
import { getJSON, postJSON } from '../../lib/http';
import type { TranslationState } from '../../lib/translations';

/** One outdated block: the default locale's text when it was last translated, and now. */
export interface SourceChange {
  name: string;
  since_revision: number;
  before: string;
  after: string;
}

export interface SourceChanges {
  source_locale: string;
  blocks: SourceChange[];
}

/** A page to do in a locale, as the report lists it (named in the default locale). */
export interface ReportItem {
  page_id: number;
  name: string;
  state: TranslationState;
  outdated_blocks: string[];
  source_changed_at: string | null;
}

export interface TranslationReport {
  items: ReportItem[];
  total: number;
}

/** The report's pages hold this many items (the server's page size). */
export const REPORT_PAGE_SIZE = 50;

export type ReportState = 'outdated' | 'missing';

const pageBase = (locale: string, id: number) => `/admin/${encodeURIComponent(locale)}/pages/${id}`;

export interface TranslationApi {
  /** The page as it is in another locale (the source of a copy, the side-by-side view). */
  loadPage(locale: string, id: number): Promise<Page>;
  sourceChanges(locale: string, id: number): Promise<SourceChanges>;
  /** Mark blocks of a locale checked, still right (none named: every outdated one). */
  markChecked(
    locale: string,
    id: number,
    lockVersion: number,
    blocks?: readonly string[],
  ): Promise<Page>;
  report(locale: string, state: ReportState, page: number): Promise<TranslationReport>;
}

export function createTranslationApi(): TranslationApi {
  return {
    loadPage: (locale, id) => getJSON<Page>(`${pageBase(locale, id)}.json`),
    sourceChanges: (locale, id) =>
      getJSON<SourceChanges>(`${pageBase(locale, id)}/source_changes.json`),
    markChecked: (locale, id, lockVersion, blocks) =>
      postJSON<Page>(`${pageBase(locale, id)}/translation_checked.json`, {
        lock_version: lockVersion,
        ...(blocks ? { blocks } : {}),
      }),
    report: (locale, state, page) =>
      getJSON<TranslationReport>(
        `/admin/${encodeURIComponent(locale)}/translations.json?state=${state}&page=${page}`,
      ),
  };
}
