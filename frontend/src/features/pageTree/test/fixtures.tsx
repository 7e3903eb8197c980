import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { TreeApi } from '../api';
import { PageTree } from '../components/PageTree';
import { createTreeStore } from '../store';
import type { TreePage } from '../types';

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
    ...overrides,
  };
}

/** Render the tree over `pages` with a mocked API (its calls are spied on by the caller). */
export function renderTree(
  pages: TreePage[],
  { dir = 'ltr', api = mockApi() }: { dir?: 'ltr' | 'rtl'; api?: TreeApi } = {},
): TreeApi {
  const store = createTreeStore({ pages, locale: 'en', api, onError: vi.fn() });
  render(
    <PageTree
      store={store}
      locale="en"
      localeOrder={['en']}
      dir={dir}
      rootCanCreate
      labelledBy="x"
    />,
  );
  return api;
}

export function mockApi(overrides: Partial<TreeApi> = {}): TreeApi {
  return {
    listPages: vi.fn(),
    updatePage: vi.fn(),
    createPage: vi.fn(),
    movePage: vi.fn(),
    ...overrides,
  };
}
