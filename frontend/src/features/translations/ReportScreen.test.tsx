// The translation report names outdated blocks by their templates' titles, in the interface
// language the templates come in (the screen embeds them as templates.json answers).
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Block, Template, TranslationsScreenData } from '../../api/types';
import { ENGLISH, NORWEGIAN, screenBase } from '../../test/screenData';
import { blockTitles, ReportScreen } from './ReportScreen';
import type { TranslationApi } from './api';

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

function data(overrides: Partial<TranslationsScreenData> = {}): TranslationsScreenData {
  return {
    screen: 'translations',
    ...screenBase('nb', [ENGLISH, NORWEGIAN]),
    filters: { state: 'outdated', page: 1 },
    report: {
      total: 1,
      items: [
        {
          page_id: 7,
          name: 'About',
          state: 'outdated',
          outdated_blocks: ['body', 'meta_title', 'retired'],
          source_changed_at: '2026-05-02T12:05:00Z',
        },
      ],
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
    expect(item).toHaveTextContent('Outdated: Body, Title for search engines, and retired');
    expect(item).not.toHaveTextContent('Outdated: body');
  });

  it('takes the titles in the language the templates come in (the interface language)', () => {
    const norwegian = [template([block('name', 'Navn'), block('body', 'Brødtekst')])];
    render(<ReportScreen data={data({ templates: norwegian })} api={api} />);
    expect(screen.getByText(/^Outdated:/)).toHaveTextContent('Brødtekst');
  });

  it('keeps the first title of a block several templates have', () => {
    const titles = blockTitles([
      template([block('body', 'Body')]),
      template([block('body', 'Text')]),
    ]);
    expect([...titles]).toEqual([['body', 'Body']]);
  });
});
