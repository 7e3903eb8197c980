// Test data shaped like the server's answers, with templates like the demo site's.
import type { Block, Page, PageEditorScreenData, Template } from '../../../api/types';
import { ENGLISH, NORWEGIAN, screenBase } from '../../../test/screenData';

export function block(name: string, overrides: Partial<Block> = {}): Block {
  return {
    name,
    title: name.charAt(0).toUpperCase() + name.slice(1),
    description: '',
    type: 'text',
    options: [],
    size: 'field',
    class: '',
    placeholder: '',
    localized: true,
    ...overrides,
  };
}

const layout = block('layout', {
  type: 'select',
  localized: false,
  options: [
    { label: 'Standard', value: 'standard' },
    { label: 'Wide', value: 'wide' },
  ],
});

export const templates: Template[] = [
  {
    template_name: 'page',
    name: 'Standard page',
    blocks: [
      block('name'),
      block('headline', { description: 'Shown above the text.' }),
      block('intro', { size: 'other', class: 'rich simple' }),
      block('body', { size: 'large', class: 'rich' }),
      layout,
    ],
    metadata_blocks: [block('meta_title', { title: 'Title for search engines' })],
    dates: false,
    tags: false,
    images: true,
    files: true,
  },
  {
    template_name: 'event',
    name: 'Event',
    blocks: [
      block('name'),
      block('intro', { size: 'other', class: 'rich simple' }),
      block('location'),
    ],
    metadata_blocks: [block('meta_title', { title: 'Title for search engines' })],
    dates: true,
    tags: true,
    images: true,
    files: false,
  },
];

export function page(overrides: Partial<Page> = {}): Page {
  return {
    id: 5,
    locale: 'en',
    parent_page_id: 2,
    position: 1,
    status: 0,
    published_at: '2026-01-01T10:00:00Z',
    starts_at: null,
    ends_at: null,
    all_day: false,
    pinned: false,
    template: 'page',
    unique_name: '',
    feed_enabled: false,
    news_page: false,
    user_id: 1,
    redirect_to: '',
    path_segment: 'team',
    meta_image: null,
    skip_index: false,
    blocks: {
      name: { en: 'Team', nb: 'Laget' },
      headline: { en: 'Our team' },
      body: { en: 'Hello', nb: 'Hei' },
      layout: 'wide',
    },
    ancestors: [{ id: 2, path_segment: { en: 'about', nb: 'om-oss' }, name: { en: 'About' } }],
    urls: { en: '/en/about/team' },
    page_files: [],
    page_images: [],
    tags_and_suggestions: ['Events', 'Library'],
    enabled_tags: ['Library'],
    errors: [],
    permissions: ['edit', 'create'],
    lock_version: 3,
    child_count: 0,
    // No translation states by default: the tests of issue 22 give them.
    translations: {},
    outdated_blocks: {},
    missing_blocks: {},
    ...overrides,
  };
}

export function initialData(overrides: Partial<PageEditorScreenData> = {}): PageEditorScreenData {
  return {
    screen: 'pageEditor',
    ...screenBase('en', [ENGLISH, NORWEGIAN]),
    page: page(),
    templates,
    authors: [
      { id: 1, name: 'Admin' },
      { id: 2, name: 'Eva Editor' },
    ],
    parent_page_id: 2,
    ...overrides,
  };
}
