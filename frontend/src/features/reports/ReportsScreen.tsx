import { useState } from 'react';
import type { MouseEvent } from 'react';
import { t } from '../../i18n';
import { MAIN_ID, ScreenHeader } from '../../ui/AdminHeader';
import { createReportsApi, initialView, reportsAddress } from './api';
import type { ReportsApi, ReportsScreenData, ReportsTab, ReportsView } from './api';
import { BrokenPanel } from './BrokenPanel';
import { ExternalPanel } from './ExternalPanel';
import { TemplatesPanel } from './TemplatesPanel';
import './reports.css';

const TABS: readonly ReportsTab[] = ['templates', 'external', 'broken'];
const FIRST = { template: '', host: '', page: 1, under: null };

interface ReportsScreenProps {
  data: ReportsScreenData;
  api?: ReportsApi;
}

/**
 * Three reports in tabs: which pages use each template (and which templates none uses), the
 * external content the pages' texts embed or link, per block and locale, by host, and the
 * broken links, of the site or of a subtree (issue 33).
 */
export function ReportsScreen({ data, api = defaultApi }: ReportsScreenProps) {
  const { locale } = data;
  const [filters, setFilters] = useState<ReportsView>(() =>
    initialView(data, window.location.search),
  );
  const go = (next: ReportsView) => {
    setFilters(next);
    window.history.replaceState(null, '', reportsAddress(locale, next));
  };
  const select = (tab: ReportsTab) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    if (tab !== filters.tab) go({ tab, ...FIRST });
  };
  return (
    <>
      <ScreenHeader
        data={data}
        localeHref={(code) => reportsAddress(code, { ...filters, page: 1 })}
      />
      <main id={MAIN_ID} className="page-main reports">
        <h1 className="page-title">{t('reports.title')}</h1>
        <ul className="editor-tabs reports__tabs" role="tablist" aria-label={t('reports.tabs')}>
          {TABS.map((tab) => (
            <li
              key={tab}
              role="presentation"
              className={tab === filters.tab ? 'current' : undefined}
            >
              <a
                href={reportsAddress(locale, { tab, ...FIRST })}
                role="tab"
                id={`reports-tab-${tab}`}
                aria-selected={tab === filters.tab}
                aria-controls="reports-panel"
                onClick={select(tab)}
              >
                {t(`reports.tab.${tab}`)}
              </a>
            </li>
          ))}
        </ul>
        <section
          id="reports-panel"
          role="tabpanel"
          aria-labelledby={`reports-tab-${filters.tab}`}
          className="reports__panel"
        >
          {filters.tab === 'templates' ? (
            <TemplatesPanel
              key="templates"
              locale={locale}
              locales={data.locales}
              api={api}
              initial={data.filters.tab === 'templates' ? data.templates_report : null}
              template={filters.template}
              page={filters.page}
              onChange={(template, page) => go({ ...filters, template, page })}
            />
          ) : filters.tab === 'broken' ? (
            <BrokenPanel
              key="broken"
              locale={locale}
              locales={data.locales}
              api={api}
              under={filters.under}
              page={filters.page}
              onChange={(under, page) => go({ ...filters, under, page })}
            />
          ) : (
            <ExternalPanel
              key="external"
              locale={locale}
              locales={data.locales}
              api={api}
              initial={data.external_content ?? null}
              host={filters.host}
              page={filters.page}
              onChange={(host, page) => go({ ...filters, host, page })}
            />
          )}
        </section>
      </main>
    </>
  );
}

const defaultApi = createReportsApi();
