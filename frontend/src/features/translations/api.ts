// The translation calls (issue 22; the contract in DESIGN §3 and the helpers' agreement):
// what changed in the source since a locale's blocks were last translated, marking blocks
// checked, and the report of the pages to do per locale (the shapes: api/types.ts).
import type {
  Page,
  SourceChanges,
  TranslationReport,
  TranslationReportState as ReportState,
} from '../../api/types';
import { getJSON, postJSON } from '../../lib/http';

export type {
  SourceChange,
  SourceChanges,
  TranslationReport,
  TranslationReportItem as ReportItem,
  TranslationReportState as ReportState,
} from '../../api/types';

/** The report's pages hold this many items (the server's page size). */
export const REPORT_PAGE_SIZE = 50;

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
