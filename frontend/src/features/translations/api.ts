// The translation calls (issue 22; the contract in DESIGN §3 and the helpers' agreement):
// what changed in the source since a locale's blocks were last translated, marking blocks
// checked, and the report of the pages to do per locale (the shapes: api/types.ts).
import type {
  Page,
  SourceChanges,
  TranslationReport,
  TranslationReportState as ReportState,
} from '../../api/types';
import { api } from '../../api/client';

export type {
  SourceChange,
  SourceChanges,
  TranslationReport,
  TranslationReportItem as ReportItem,
  TranslationReportState as ReportState,
} from '../../api/types';

/** The report's pages hold this many items (the server's page size). */
export const REPORT_PAGE_SIZE = 50;

const page = (locale: string, id: number) => ({ path: { locale, page_id: id } });

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
    loadPage: (locale, id) => api.get('/admin/{locale}/pages/{page_id}.json', page(locale, id)),
    sourceChanges: (locale, id) =>
      api.get('/admin/{locale}/pages/{page_id}/source_changes.json', page(locale, id)),
    markChecked: (locale, id, lockVersion, blocks) =>
      api.post(
        '/admin/{locale}/pages/{page_id}/translation_checked.json',
        { lock_version: lockVersion, ...(blocks ? { blocks: [...blocks] } : {}) },
        page(locale, id),
      ),
    report: (locale, state, number) =>
      api.get('/admin/{locale}/translations.json', {
        path: { locale },
        query: { state, page: number },
      }),
  };
}
