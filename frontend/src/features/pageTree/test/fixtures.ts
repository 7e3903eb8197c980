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
