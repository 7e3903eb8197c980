import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { STATUS_DELETED } from '../../../lib/page';
import type { PageTreeScreenData, TreeScreenPage } from '../../../api/types';
import { ToastProvider } from '../../../ui/toast';
import type { TreeApi } from '../api';
import { PageTreeScreen } from '../PageTreeScreen';
import type { BatchLimits } from '../children';
import { PageTree } from '../components/PageTree';
import { createTreeStore } from '../store';
import type { TreePage } from '../types';
import { ENGLISH, NORWEGIAN, screenBase } from '../../../test/screenData';
import type { PageSelection } from '../../../entities/pageSelection/selection';

/** A page's blocks with only an English name: `treePage(1, null, 1, named('Home'))`. */
export const named = (text: string) => ({ blocks: { name: { en: text } } });

/**
 * The data the tree screen embeds, for an administrator in English content with English and
 * Norwegian locales; `pages` as the server would embed them.
 */
export function screenData(
  pages: readonly TreePage[],
  overrides: Partial<PageTreeScreenData> = {},
): PageTreeScreenData {
  return {
    screen: 'pageTree',
    ...screenBase('en', [ENGLISH, NORWEGIAN]),
    pages: pages.map(toOut),
    permissions: ['create'],
    ...overrides,
  };
}

/** Return a tree page with sensible defaults. */
export function treePage(
  id: number,
  parent: number | null,
  position: number,
  overrides: Partial<TreePage> = {},
): TreePage {
  return {
    id,
    parent_page_id: parent,
    position,
    status: 2,
    published_at: '2026-01-01T10:00:00Z',
    pinned: false,
    news_page: false,
    template: 'article',
    path_segment: `page-${id}`,
    blocks: { name: { en: `Page ${id}` } },
    urls: { en: `/en/page-${id}` },
    permissions: ['edit', 'create'],
    lock_version: 1,
    child_count: 0,
    ...overrides,
  };
}

/** Render the tree over `pages` with a mocked API (its calls are spied on by the caller). */
export function renderTree(
  pages: TreePage[],
  {
    dir = 'ltr',
    api = mockApi(),
    storage,
    selection,
  }: { dir?: 'ltr' | 'rtl'; api?: TreeApi; storage?: Storage; selection?: PageSelection } = {},
): TreeApi {
  const store = createTreeStore({ pages, locale: 'en', api, onError: vi.fn(), storage });
  render(
    <PageTree
      store={store}
      locale="en"
      localeOrder={['en']}
      dir={dir}
      rootCanCreate
      labelledBy="x"
      selection={selection}
    />,
  );
  return api;
}

export function mockApi(overrides: Partial<TreeApi> = {}): TreeApi {
  return {
    listChildren: vi.fn(),
    searchPages: vi.fn(),
    updatePage: vi.fn(),
    createPage: vi.fn(),
    movePage: vi.fn(),
    ...overrides,
  };
}

/**
 * The server's side of the tree's reads over a fixed list of pages: a node's children
 * (deleted ones too) and a search by name (matches with their ancestors).
 */
export function serverReads(pages: readonly TreePage[]) {
  const childCount = (id: number) =>
    pages.filter((page) => page.parent_page_id === id && page.status !== STATUS_DELETED).length;
  const withCount = (page: TreePage): TreePage => ({ ...page, child_count: childCount(page.id) });
  const byId = new Map(pages.map((page) => [page.id, page]));
  return {
    /** GET pages.json?parent_id= */
    children(parentId: number | null): TreePage[] {
      return pages
        .filter((page) => page.parent_page_id === parentId)
        .sort((a, b) => a.position - b.position)
        .map(withCount);
    },
    /** GET pages.json?q= */
    search(query: string): TreePage[] {
      const text = query.toLowerCase();
      const found = new Set<number>();
      for (const page of pages) {
        const names = Object.values(page.blocks.name);
        if (
          page.status === STATUS_DELETED ||
          !names.some((name) => name.toLowerCase().includes(text))
        )
          continue;
        for (
          let id: number | null = page.id;
          id !== null;
          id = byId.get(id)?.parent_page_id ?? null
        )
          found.add(id);
      }
      return pages.filter((page) => found.has(page.id)).map(withCount);
    },
    /**
     * The pages the tree screen embeds: the top level, and the children of open top-level
     * pages while `budget` rows hold (read_model.first_paint_records' FIRST_PAINT_ROWS): whole
     * child lists, in order, up to the first that does not fit.
     */
    embedded(budget = Number.POSITIVE_INFINITY): TreePage[] {
      const shown = (list: TreePage[]) => list.filter((page) => page.status !== STATUS_DELETED);
      const top = shown(this.children(null));
      const rows = [...top];
      for (const page of top) {
        if (page.news_page) continue;
        const children = shown(this.children(page.id));
        if (rows.length + children.length > budget) break;
        rows.push(...children);
      }
      return rows;
    },
    /** GET pages.json?parent_ids=: each node's children, grouped in the order asked. */
    childrenOf(parentIds: readonly (number | null)[]): TreePage[] {
      return parentIds.flatMap((id) => this.children(id));
    },
    /** Answer a GET of pages.json by its address, as getJSON would. */
    get(url: string): TreePage[] {
      const query = new URL(url, 'http://localhost').searchParams;
      const parent = query.get('parent_id');
      if (parent !== null) return this.children(parent === 'root' ? null : Number(parent));
      const parents = query.get('parent_ids');
      if (parents !== null)
        return this.childrenOf(parents.split(',').map((id) => (id === 'root' ? null : Number(id))));
      return this.search(query.get('q') ?? '');
    },
  };
}

/** The API shape of a fixture page (as the screen embeds it and the server lists it). */
export function toOut(page: TreePage): TreeScreenPage {
  return { ...page, published_at: page.published_at ?? '2026-01-01T00:00:00Z' };
}

/** The tree's reads answered from a server holding these pages. */
export function readsFrom(
  server: readonly TreePage[],
): Pick<TreeApi, 'listChildren' | 'searchPages'> {
  const answers = serverReads(server);
  return {
    listChildren: vi.fn(async (parentId: number | null) => answers.children(parentId)),
    searchPages: vi.fn(async (query: string) => answers.search(query)),
  };
}

/**
 * A tree store (locale en, open nodes kept in localStorage) over a server holding `server`:
 * it embeds `embedded` (by default what the screen would), reads are answered from the
 * server, every other call is a bare mock unless `api` gives one.
 */
export function createTestStore(
  server: readonly TreePage[],
  {
    api = {},
    embedded = serverReads(server).embedded(),
    now,
    localeOrder,
    batchLimits,
  }: {
    api?: Partial<TreeApi>;
    embedded?: readonly TreePage[];
    now?: () => Date;
    localeOrder?: readonly string[];
    batchLimits?: BatchLimits;
  } = {},
) {
  const onError = vi.fn();
  const onUndoable = vi.fn<(message: string, undo: () => void, pageId: number) => void>();
  const store = createTreeStore({
    pages: embedded,
    locale: 'en',
    localeOrder,
    api: {
      ...readsFrom(server),
      updatePage: vi.fn(),
      createPage: vi.fn(),
      movePage: vi.fn(),
      ...api,
    },
    onError,
    onUndoable,
    storage: window.localStorage,
    now,
    batchLimits,
  });
  return { store, onError, onUndoable };
}

/** A row's accessible name as its aria-labelledby composes it (the page's name and status). */
export function rowName(item: Element): string {
  const label = item.getAttribute('aria-label');
  if (label) return label;
  const ids = item.getAttribute('aria-labelledby')?.split(' ') ?? [];
  return ids
    .map((id) => item.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** Render the tree screen over `data`, its calls made to `api`; the user and the navigation spy. */
export function renderTreeScreen(data: PageTreeScreenData, api: TreeApi, navigate = vi.fn()) {
  render(
    <ToastProvider>
      <PageTreeScreen data={data} navigate={navigate} api={api} />
    </ToastProvider>,
  );
  return { user: userEvent.setup(), navigate };
}

/** The row of this accessible name (see rowName). */
export const treeRow = (name: string) => screen.getByRole('treeitem', { name });

/** The accessible names of the rows shown, in order. */
export const rowNames = () => screen.getAllByRole('treeitem').map(rowName);
