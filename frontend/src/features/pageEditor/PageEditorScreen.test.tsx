import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../api/types';
import { PageEditorScreen } from './PageEditorScreen';
import type { PageEditorInitialData } from './PageEditorScreen';

function page(overrides: Partial<Page> = {}): Page {
  return {
    id: 5,
    parent_page_id: 2,
    position: 1,
    status: 2,
    published_at: null,
    pinned: false,
    news_page: false,
    template: 'article',
    path_segment: 'team',
    blocks: { name: { en: 'Team', nb: 'Laget' }, body: { en: '' } },
    urls: {},
    permissions: ['edit'],
    lock_version: 1,
    starts_at: null,
    ends_at: null,
    all_day: false,
    unique_name: '',
    feed_enabled: false,
    user_id: 1,
    redirect_to: '',
    skip_index: false,
    meta_image: null,
    locale: 'en',
    ancestors: [{ id: 2, path_segment: { en: 'about' }, name: { en: 'About' } }],
    page_files: [],
    page_images: [],
    tags_and_suggestions: [],
    enabled_tags: [],
    errors: [],
    ...overrides,
  };
}

function data(overrides: Partial<PageEditorInitialData> = {}): PageEditorInitialData {
  return {
    screen: 'pageEditor',
    locale: 'en',
    locales: [
      { code: 'en', name: 'English', dir: 'ltr' },
      { code: 'nb', name: 'Norsk bokmål', dir: 'ltr' },
    ],
    csrf_token: 't',
    user: { id: 1, username: 'admin' },
    urls: { logout: '/admin/logout/', pages: '/admin/en/pages' },
    page: page(),
    templates: [],
    authors: [{ id: 1, name: 'Admin' }],
    tags: [],
    parent_page_id: null,
    ...overrides,
  };
}

describe('PageEditorScreen (placeholder)', () => {
  it('shows the breadcrumb of ancestors ending with the page name', () => {
    render(<PageEditorScreen data={data()} />);
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'About' })).toHaveAttribute(
      'href',
      '/admin/en/pages/2/edit',
    );
    expect(crumbs.getByText('Team')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: 'Team' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Norsk bokmål' })).toHaveAttribute(
      'href',
      '/admin/nb/pages/5/edit',
    );
  });

  it("calls a page without an id 'New Page' and keeps the parent in locale links", () => {
    render(
      <PageEditorScreen data={data({ page: page({ id: 0, ancestors: [] }), parent_page_id: 2 })} />,
    );
    expect(screen.getByRole('heading', { name: 'New Page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Norsk bokmål' })).toHaveAttribute(
      'href',
      '/admin/nb/pages/new?parent=2',
    );
  });
});
