// The reports' calls (issue 31, item 7): which pages use each template, and the external
// content the pages' texts name (GET /admin/{locale}/reports/…json).
import type { components } from '../../api/generated/schema';
import { api } from '../../api/client';
import { reportsUrl } from '../../lib/page';

type Schemas = components['schemas'];
export type ReportsScreenData = Schemas['ReportsScreenOut'];
export type ReportsFilters = Schemas['ReportsFiltersOut'];
export type ReportsTab = ReportsFilters['tab'];
export type TemplatesReport = Schemas['TemplatesReportOut'];
export type TemplateUse = Schemas['TemplateUseOut'];
export type ExternalContent = Schemas['ExternalContentOut'];
export type ExternalReference = Schemas['ExternalReferenceOut'];

/** The server's page size of both lists. */
export const REPORTS_PAGE_SIZE = 50;

export interface ReportsApi {
  templates(locale: string, template: string | null, page: number): Promise<TemplatesReport>;
  external(locale: string, host: string, page: number): Promise<ExternalContent>;
}

export function createReportsApi(): ReportsApi {
  return {
    templates: (locale, template, page) =>
      api.get('/admin/{locale}/reports/templates.json', {
        path: { locale },
        query: { page, ...(template ? { template } : {}) },
      }),
    external: (locale, host, page) =>
      api.get('/admin/{locale}/reports/external_content.json', {
        path: { locale },
        query: { page, ...(host ? { host } : {}) },
      }),
  };
}

/** The address of a tab with its filters, as a reload or a shared link opens it. */
export function reportsAddress(locale: string, filters: ReportsFilters): string {
  const query = new URLSearchParams();
  if (filters.tab !== 'templates') query.set('tab', filters.tab);
  if (filters.tab === 'templates' && filters.template) query.set('template', filters.template);
  if (filters.tab === 'external' && filters.host) query.set('host', filters.host);
  if (filters.page > 1) query.set('page', String(filters.page));
  const text = query.toString();
  return text ? `${reportsUrl(locale)}?${text}` : reportsUrl(locale);
}
