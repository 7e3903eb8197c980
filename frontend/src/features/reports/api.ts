// The reports' calls (issue 31, item 7): which pages use each template, and the external
// content the pages' texts name (GET /admin/{locale}/reports/…json).
import type { components } from '../../api/generated/schema';
import type { BrokenLinks, Page, Template, TreePageOut } from '../../api/types';
import { api } from '../../api/client';
import { createLinksApi } from '../../entities/links/api';
import { reportsUrl } from '../../lib/page';

type Schemas = components['schemas'];
export type ReportsScreenData = Schemas['ReportsScreenOut'];
export type ReportsFilters = Schemas['ReportsFiltersOut'];
/** The tabs: the server's two, and the broken links (issue 33), read by the browser alone. */
export type ReportsTab = ReportsFilters['tab'] | 'broken';
/** What the screen shows: a tab with its filters (`under`: the broken links' subtree). */
export interface ReportsView extends Omit<ReportsFilters, 'tab'> {
  tab: ReportsTab;
  under: number | null;
}
export type TemplatesReport = Schemas['TemplatesReportOut'];
export type TemplateUse = Schemas['TemplateUseOut'];
export type ExternalContent = Schemas['ExternalContentOut'];
export type ExternalReference = Schemas['ExternalReferenceOut'];

/** The server's page size of both lists. */
export const REPORTS_PAGE_SIZE = 50;

export interface ReportsApi {
  templates(locale: string, template: string | null, page: number): Promise<TemplatesReport>;
  external(locale: string, host: string, page: number): Promise<ExternalContent>;
  broken(locale: string, under: number | null, page: number): Promise<BrokenLinks>;
  /** The templates, for the blocks' titles. */
  templateList(locale: string): Promise<Template[]>;
  /** One page, for the name of the subtree the broken links are filtered by. */
  page(locale: string, id: number): Promise<Page>;
  /** The pages whose name has `text` in any locale, with their ancestors (the tree's search). */
  findPages(locale: string, text: string): Promise<TreePageOut[]>;
}

export function createReportsApi(): ReportsApi {
  const links = createLinksApi();
  return {
    broken: (locale, under, page) => links.brokenLinks(locale, { page, under }),
    templateList: (locale) => api.get('/admin/{locale}/templates.json', { path: { locale } }),
    findPages: (locale, text) =>
      api.get('/admin/{locale}/pages.json', { path: { locale }, query: { q: text } }),
    page: (locale, id) =>
      api.get('/admin/{locale}/pages/{page_id}.json', { path: { locale, page_id: id } }),
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
export function reportsAddress(locale: string, filters: ReportsFilters | ReportsView): string {
  const query = new URLSearchParams();
  if (filters.tab !== 'templates') query.set('tab', filters.tab);
  if (filters.tab === 'templates' && filters.template) query.set('template', filters.template);
  if (filters.tab === 'external' && filters.host) query.set('host', filters.host);
  if (filters.tab === 'broken' && 'under' in filters && filters.under !== null) {
    query.set('under', String(filters.under));
  }
  if (filters.page > 1) query.set('page', String(filters.page));
  const text = query.toString();
  return text ? `${reportsUrl(locale)}?${text}` : reportsUrl(locale);
}

const PAGE_ID = /^[1-9][0-9]{0,17}$/;

/**
 * What the screen opens on: the server's filters, or the broken links when the address asks
 * for them (`?tab=broken&under=ID&page=N`). The server does not know that tab yet and answers
 * its first (the page number it reads all the same); once ReportsFiltersOut lists `broken` and
 * `under`, this reads them from `data.filters` alone.
 */
export function initialView(data: ReportsScreenData, search: string): ReportsView {
  const query = new URLSearchParams(search);
  if (query.get('tab') !== 'broken') return { ...data.filters, under: null };
  const under = query.get('under') ?? '';
  return {
    tab: 'broken',
    template: '',
    host: '',
    page: data.filters.page,
    under: PAGE_ID.test(under) ? Number(under) : null,
  };
}
