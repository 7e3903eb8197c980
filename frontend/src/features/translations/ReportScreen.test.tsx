// The translation report names blocks by their templates' titles, in the interface language the
// templates come in (the screen embeds them as templates.json answers); it lists the blocks to
// translate, copied and to update apart, and each page by its name in the report's locale.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Block, Template, TranslationsScreenData } from '../../api/types';
import { ENGLISH, NORWEGIAN, screenBase } from '../../test/screenData';
import { blockTitles, ReportScreen } from './ReportScreen';
import type { ReportItem, TranslationApi } from './api';

const block = (name: string, title: string): Block => ({
  name,
  title,
  description: '',
  type: 'text',
  options: [],
  size: 'field',
  class: '',
  placeholder: '',
  localized: true,
});

const template = (blocks: Block[], metadata: Block[] = []): Template => ({
  template_name: 'page',
  name: 'Standard page',
  blocks,
  metadata_blocks: metadata,
  dates: false,
  tags: false,
  images: false,
  files: false,
});

const templates = [
  template(
    [block('name', 'Name'), block('body', 'Body')],
    [block('meta_title', 'Title for search engines')],
  ),
];

const about: ReportItem = {
  page_id: 7,
  name: 'About',
  name_locale: 'nb',
  state: 'outdated',
  outdated_blocks: ['body', 'meta_title', 'retired'],
  missing_blocks: [],
  copied_blocks: {},
  source_changed_at: '2026-05-02T12:05:00Z',
};

function data(overrides: Partial<TranslationsScreenData> = {}): TranslationsScreenData {
  return {
    screen: 'translations',
    ...screenBase('nb', [ENGLISH, NORWEGIAN]),
    filters: { state: 'outdated', page: 1 },
    report: {
      total: 1,
      items: [about],
    },
    templates,
    ...overrides,
  };
}

const api: TranslationApi = {
  loadPage: vi.fn(),
  sourceChanges: vi.fn(),
  markChecked: vi.fn(),
  report: vi.fn(),
};

describe('the translation report', () => {
  it('names the outdated blocks by their titles, a block the templates lost by its name', () => {
    render(<ReportScreen data={data()} api={api} />);
    const item = screen.getByRole('link', { name: 'About' }).closest('li');
    expect(item).toHaveTextContent('To update: Body, Title for search engines, and retired');
    expect(item).not.toHaveTextContent('To update: body');
  });

  it('takes the titles in the language the templates come in (the interface language)', () => {
    const norwegian = [template([block('name', 'Navn'), block('body', 'Brødtekst')])];
    render(<ReportScreen data={data({ templates: norwegian })} api={api} />);
    expect(screen.getByText(/^To update:/)).toHaveTextContent('Brødtekst');
  });

  it('keeps the first title of a block several templates have', () => {
    const titles = blockTitles([
      template([block('body', 'Body')]),
      template([block('body', 'Text')]),
    ]);
    expect([...titles]).toEqual([['body', 'Body']]);
  });

  it('lists the blocks to translate, the copied ones and those to update apart', () => {
    const item = {
      page_id: 8,
      name: 'Om oss',
      name_locale: 'nb',
      state: 'outdated' as const,
      outdated_blocks: ['meta_title'],
      missing_blocks: ['body'],
      copied_blocks: { name: 'en' },
      source_changed_at: null,
    };
    render(<ReportScreen data={data({ report: { total: 1, items: [item] } })} api={api} />);
    const entry = screen.getByRole('link', { name: 'Om oss' }).closest('li');
    expect(entry).toHaveTextContent('To translate: Body');
    expect(entry).toHaveTextContent('Copied from English: Name');
    expect(entry).toHaveTextContent('To update: Title for search engines');
  });

  it('names the tabs by the work: to update and to translate', () => {
    render(<ReportScreen data={data()} api={api} />);
    const tabs = screen.getByRole('group', { name: 'Which pages' });
    expect(tabs).toHaveTextContent('To update');
    expect(tabs).toHaveTextContent('To translate');
  });

  it("lists a page by its name in the report's locale, else the default locale's, said so", () => {
    const items = [
      { ...about, page_id: 1, name: 'Om oss', name_locale: 'nb' },
      { ...about, page_id: 2, name: 'Contact', name_locale: 'en' },
    ];
    render(<ReportScreen data={data({ report: { total: 2, items } })} api={api} />);
    expect(screen.getByRole('link', { name: 'Om oss' })).not.toHaveTextContent('name in');
    const borrowed = screen.getByRole('link', { name: /Contact/ });
    expect(borrowed).toHaveTextContent('Contact (name in English)');
    expect(within(borrowed).getByText('Contact')).toHaveAttribute('lang', 'en');
  });
});
