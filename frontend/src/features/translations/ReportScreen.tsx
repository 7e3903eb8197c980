import { useMemo, useState } from 'react';
import type { ScreenData, Template, TranslationsScreenData } from '../../api/types';
import { t } from '../../i18n';
import { editPageUrl } from '../../lib/page';
import { formatNames, formatWhen } from '../../lib/when';
import { MAIN_ID, ScreenHeader, translationsUrl } from '../../ui/AdminHeader';
import { Pager } from '../../ui/pager/Pager';
import { createTranslationApi, REPORT_PAGE_SIZE } from './api';
import type { ReportState, TranslationApi, TranslationReport } from './api';
import './report.css';

const STATES: readonly ReportState[] = ['outdated', 'missing'];

/**
 * Block name → its title in the interface language, from the templates (a block is defined
 * once for every template that has it, so a name has one title).
 */
export function blockTitles(templates: readonly Template[]): ReadonlyMap<string, string> {
  const titles = new Map<string, string>();
  for (const template of templates) {
    for (const block of [...template.blocks, ...template.metadata_blocks]) {
      if (!titles.has(block.name)) titles.set(block.name, block.title);
    }
  }
  return titles;
}

/** The address of a report's list and page, as a reload or a link opens it. */
export function reportAddress(locale: string, state: ReportState, page: number): string {
  const query = new URLSearchParams({ state, ...(page > 1 ? { page: String(page) } : {}) });
  return `${translationsUrl(locale)}?${query.toString()}`;
}

interface ReportScreenProps {
  data: TranslationsScreenData;
  api?: TranslationApi;
}

/**
 * Per locale, the pages to update (a translated block behind its source) or to translate (no
 * name there, blocks empty or copied), newest change of the source first; each page by its name
 * in the locale, and its blocks to translate, copied and to update, apart.
 */
export function ReportScreen({ data, api = defaultApi }: ReportScreenProps) {
  const { locale, locales } = data;
  const source = locales[0];
  const [filters, setFilters] = useState(data.filters);
  const [report, setReport] = useState<TranslationReport | null>(data.report);
  const [failed, setFailed] = useState(false);
  const nameOf = (code: string) => locales.find((item) => item.code === code)?.name ?? code;
  const titles = useMemo(() => blockTitles(data.templates), [data.templates]);

  const show = async (state: ReportState, page: number) => {
    setFilters({ state, page });
    setReport(null);
    setFailed(false);
    window.history.replaceState(null, '', reportAddress(locale, state, page));
    try {
      setReport(await api.report(locale, state, page));
    } catch {
      setFailed(true);
    }
  };
  const pages = report ? Math.max(1, Math.ceil(report.total / REPORT_PAGE_SIZE)) : 1;

  return (
    <>
      <ScreenHeader
        data={data}
        section="translations"
        localeHref={(code) => reportAddress(code, filters.state, 1)}
      />
      <main id={MAIN_ID} className="page-main report">
        <h1 className="page-title">{t('report.title')}</h1>
        {!source || source.code === locale ? (
          <SourceNote locale={nameOf(locale)} others={locales.slice(1)} />
        ) : (
          <>
            <p className="report__intro">
              {t('report.intro', { locale: nameOf(locale), source: source.name })}
            </p>
            <div className="report__states" role="group" aria-label={t('report.states')}>
              {STATES.map((state) => (
                <button
                  key={state}
                  type="button"
                  className="button"
                  aria-pressed={filters.state === state}
                  onClick={() => void show(state, 1)}
                >
                  {t(`report.state.${state}`)}
                </button>
              ))}
            </div>
            <div aria-live="polite" className="report__status">
              {failed ? (
                <p>
                  {t('report.failed')}{' '}
                  <button
                    type="button"
                    className="button button--link"
                    onClick={() => void show(filters.state, filters.page)}
                  >
                    {t('translation.retry')}
                  </button>
                </p>
              ) : !report ? (
                <p>{t('report.loading')}</p>
              ) : (
                <p>
                  {report.total === 0
                    ? t(`report.empty.${filters.state}`, { locale: nameOf(locale) })
                    : t('report.count', { count: report.total })}
                </p>
              )}
            </div>
            {report && report.items.length > 0 && (
              <ReportList report={report} locale={locale} locales={locales} titles={titles} />
            )}
            {report && pages > 1 && (
              <Pager
                list="report"
                page={filters.page}
                pages={pages}
                onPage={(page) => void show(filters.state, page)}
              />
            )}
          </>
        )}
      </main>
    </>
  );
}

const defaultApi = createTranslationApi();

interface ReportListProps {
  report: TranslationReport;
  locale: string;
  /** The website's locales, the default one (the source) first. */
  locales: ScreenData['locales'];
  /** Block titles by name (a block the templates no longer have keeps its name). */
  titles: ReadonlyMap<string, string>;
}

function ReportList({ report, locale, locales, titles }: ReportListProps) {
  const nameOf = (code: string) => locales.find((item) => item.code === code)?.name ?? code;
  const sourceName = nameOf(locales[0]?.code ?? '');
  const listed = (names: readonly string[]) =>
    formatNames(names.map((name) => titles.get(name) ?? name));
  return (
    <ol className="report__list">
      {report.items.map((item) => {
        // Copied blocks, grouped by the locale they are a copy of.
        const copies = new Map<string, string[]>();
        for (const [block, origin] of Object.entries(item.copied_blocks)) {
          copies.set(origin, [...(copies.get(origin) ?? []), block]);
        }
        const nameLocale = locales.find((entry) => entry.code === item.name_locale);
        const borrowed = item.name !== '' && item.name_locale !== locale;
        return (
          <li key={item.page_id} className="report__item">
            <a className="report__name" href={editPageUrl(locale, item.page_id)}>
              {/* The page's name in the report's locale; else another's, in its language. */}
              <span lang={nameLocale?.code} dir={nameLocale?.dir ?? 'auto'}>
                {item.name || t('page.untitled')}
              </span>
              {borrowed && (
                <span className="report__name-locale">
                  {' '}
                  ({t('report.nameIn', { locale: nameOf(item.name_locale) })})
                </span>
              )}
            </a>
            {item.source_changed_at && (
              <span className="report__when">
                {/* Each part isolated (FSI … PDI): a left-to-right name or date in an Arabic
                    sentence would otherwise pull the words around it out of order. */}
                {t('report.sourceChanged', {
                  locale: `\u2068${sourceName}\u2069`,
                  time: `\u2068${formatWhen(item.source_changed_at)}\u2069`,
                })}
              </span>
            )}
            {item.missing_blocks.length > 0 && (
              <span className="report__blocks">
                {t('report.toTranslate', { blocks: listed(item.missing_blocks) })}
              </span>
            )}
            {[...copies].map(([origin, blocks]) => (
              <span key={origin} className="report__blocks">
                {t('report.copied', { locale: nameOf(origin), blocks: listed(blocks) })}
              </span>
            ))}
            {item.outdated_blocks.length > 0 && (
              <span className="report__blocks">
                {t('report.toUpdate', { blocks: listed(item.outdated_blocks) })}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** On the default locale: it is the source; the report is the others'. */
function SourceNote({ locale, others }: { locale: string; others: ScreenData['locales'] }) {
  return (
    <>
      <p className="report__intro">{t('report.isSource', { locale })}</p>
      <ul className="report__locales">
        {others.map((item) => (
          <li key={item.code}>
            <a href={translationsUrl(item.code)} lang={item.code} dir={item.dir}>
              {item.name}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
