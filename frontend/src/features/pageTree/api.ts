// The page tree's server calls (spec §7) and the conversion of answers to tree records.
import type { Page, PageStatus, TreePageOut, TreeScreenPage } from '../../api/types';
import type { TreePage } from './types';
import { translationStates } from '../../lib/translations';
import { api } from '../../api/client';
import type { Params } from '../../api/client';
import type { MovePayload } from './drag';
import type { ParentId } from './model';

/**
 * The most nodes one call may ask the children of (GET pages.json?parent_ids=; the server's
 * cms.pages.api.MAX_PARENT_IDS: more is refused).
 */
export const MAX_PARENT_IDS = 100;

/**
 * Fields the tree's quick actions send (spec §7: name, status, news_page, published_at,
 * pinned, parent_page_id; position places a new page, 1-based among its siblings).
 */
// A type, not an interface: it is sent as the API's PageFieldsIn, whose block fields are open.
export type TreePageFields = {
  name?: string;
  status?: PageStatus;
  news_page?: boolean;
  published_at?: string | null;
  pinned?: boolean;
  parent_page_id?: number | null;
  position?: number;
};

export interface TreeApi {
  /** One node's children as the server has them, deleted ones included (null: the top level). */
  listChildren(parentId: ParentId): Promise<TreePage[]>;
  /**
   * Several nodes' children in one call (at most MAX_PARENT_IDS nodes, each once), as
   * listChildren answers each: a list for every node asked, empty when it has no children.
   * Without it, the tree asks each node alone.
   */
  listChildrenOf?(parentIds: readonly ParentId[]): Promise<Map<ParentId, TreePage[]>>;
  /** The pages whose name contains the text in any locale, with their ancestors. */
  searchPages(query: string): Promise<TreePage[]>;
  /** The pages outdated or missing in the tree's locale, with their ancestors (issue 22). */
  filterPages?(kind: 'outdated' | 'missing'): Promise<TreePage[]>;
  updatePage(id: number, fields: TreePageFields): Promise<TreePage>;
  createPage(fields: TreePageFields): Promise<TreePage>;
  movePage(id: number, payload: MovePayload): Promise<TreePage>;
}

/** Convert a tree or full page answer to the tree's record; a non-localized name becomes a one-locale map. */
export function toTreePage(page: TreePageOut | Page, locale: string): TreePage {
  const name: unknown = page.blocks.name;
  return {
    id: page.id ?? 0,
    parent_page_id: page.parent_page_id,
    position: page.position,
    status: page.status,
    published_at: page.published_at ?? null,
    pinned: page.pinned,
    news_page: page.news_page,
    template: page.template,
    path_segment: page.path_segment,
    blocks: { name: typeof name === 'string' ? { [locale]: name } : nameMap(name) },
    urls: page.urls,
    permissions: page.permissions,
    lock_version: page.lock_version,
    child_count: page.child_count,
    ...(hasTranslations(page) ? { translations: translationStates(page) } : {}),
  };
}

/**
 * Convert a page the tree screen embeds. Its one translation state, in the screen's locale, is
 * there only when the row is marked (missing, outdated): absent, the page is current there —
 * unless the screen's locale is the default one, the source, which has no state.
 */
export function fromScreenPage(
  page: TreeScreenPage,
  locale: string,
  defaultLocale: string | undefined,
): TreePage {
  const record = toTreePage(page, locale);
  if (locale !== defaultLocale) record.translations = { [locale]: page.translation ?? 'current' };
  return record;
}

function hasTranslations(page: object): boolean {
  return 'translations' in page;
}

/**
 * Return a name block as a map of locale to text. Runs once per page on load (10,000 times
 * on a large site), so a map that is already clean is used as it is, without copying.
 */
function nameMap(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const names = value as Record<string, unknown>;
  for (const locale in names) {
    if (typeof names[locale] !== 'string') return cleanNameMap(names);
  }
  return names as Record<string, string>;
}

function cleanNameMap(names: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(names).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** Return the tree's calls for one locale. */
export function createTreeApi(locale: string): TreeApi {
  const list = async (query: Params<'/admin/{locale}/pages.json', 'get'>['query']) => {
    const pages = await api.get('/admin/{locale}/pages.json', { path: { locale }, query });
    return pages.map((page) => toTreePage(page, locale));
  };
  const page = { locale };
  return {
    listChildren: (parentId) => list({ parent_id: String(parentId ?? 'root') }),
    async listChildrenOf(parentIds) {
      const pages = await list({ parent_ids: parentIds.map((id) => id ?? 'root').join(',') });
      return byParent(parentIds, pages);
    },
    searchPages: (query) => list({ q: query }),
    filterPages: (kind) => list({ translation: kind }),
    async updatePage(id, fields) {
      const path = { ...page, page_id: id };
      return toTreePage(
        await api.put('/admin/{locale}/pages/{page_id}.json', { page: fields }, { path }),
        locale,
      );
    },
    async createPage(fields) {
      return toTreePage(
        await api.post('/admin/{locale}/pages.json', { page: fields }, { path: page }),
        locale,
      );
    },
    async movePage(id, payload) {
      const path = { ...page, page_id: id };
      return toTreePage(
        await api.put('/admin/{locale}/pages/{page_id}/move.json', payload, { path }),
        locale,
      );
    },
  };
}

/** Split one answer for several nodes into each node's children (every node gets a list). */
export function byParent(
  parentIds: readonly ParentId[],
  pages: readonly TreePage[],
): Map<ParentId, TreePage[]> {
  const lists = new Map<ParentId, TreePage[]>(parentIds.map((id) => [id, []]));
  for (const page of pages) lists.get(page.parent_page_id)?.push(page);
  return lists;
}

/** Return a failure message: what could not be done, then why, when the error says. */
export function failureText(base: string, error: unknown): string {
  // An HttpError's message is already the detail of its body, when the body has one.
  const detail = error instanceof Error ? error.message : '';
  return detail ? `${base}: ${detail}` : `${base}.`;
}
