// Issue 18, item 9: the editor's details an editor trying it found: a tab the template
// disables, the error summary that leads to every field with an error.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Template } from '../../api/types';
import { renderEditor as setup } from './test/renderEditor';
import { block, page, templates } from './test/fixtures';

const newsList: Template = {
  template_name: 'news',
  name: 'News list',
  blocks: [block('name')],
  metadata_blocks: [],
  dates: false,
  tags: false,
  images: false,
  files: false,
};

beforeEach(() => window.history.replaceState(null, '', '/admin/en/pages/5/edit'));

describe('a tab the template disables', () => {
  it('is plain text: no tab, no link, nothing to focus or click', async () => {
    const { user } = setup({
      templates: [...templates, newsList],
      page: page({ template: 'news' }),
    });
    expect(screen.queryByRole('tab', { name: 'Images' })).toBeNull();
    const images = screen.getByText('Images', { selector: '.editor-tabs *' });
    expect(images).not.toHaveAttribute('href');
    expect(images).not.toHaveAttribute('tabindex');
    // Why, in view beside it (issue 28, item 20: not a title, which shows on hover alone).
    expect(images.closest('li')).toHaveTextContent('Images not used by this template');
    // The label itself reads as the tab's name alone, and is described by the why.
    expect(images).toHaveTextContent(/^Images$/);
    expect(images).toHaveAccessibleDescription('not used by this template');
    await user.click(images);
    expect(screen.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
    expect(window.location.hash).toBe('#content');
    // A tab the template offers is a link.
    expect(screen.getByRole('tab', { name: 'Metadata' })).toHaveAttribute('href', '#metadata');
  });
});

describe('the error summary', () => {
  it('leads to every field with an error, on its tab or in the page options', async () => {
    const { user, api } = setup();
    api.save.mockResolvedValueOnce({
      kind: 'invalid',
      errors: [
        ['path_segment', 'is taken'],
        ['redirect_to', 'is not an address the site can follow'],
        ['pinned', 'cannot be set'],
        ['body', 'is too long'],
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('region', { name: 'Please correct these fields:' });
    const links = within(summary).getAllByRole('button');
    expect(links.map((link) => link.textContent)).toEqual([
      'Path segment',
      'Redirect to',
      'Pinned',
      'Body',
    ]);

    await user.click(within(summary).getByRole('button', { name: 'Path segment' }));
    expect(window.location.hash).toBe('#metadata');
    expect(screen.getByLabelText('Path segment')).toHaveFocus();

    await user.click(within(summary).getByRole('button', { name: 'Redirect to' }));
    expect(screen.getByLabelText('Redirect to')).toHaveFocus();
    expect(window.location.hash).toBe('#metadata');

    await user.click(within(summary).getByRole('button', { name: 'Pinned' }));
    expect(screen.getByRole('checkbox', { name: /Pinned/ })).toHaveFocus();

    await user.click(within(summary).getByRole('button', { name: 'Body' }));
    expect(window.location.hash).toBe('#content');
    expect(screen.getByLabelText('Body')).toHaveFocus();
  });
});

describe('the error summary of an event', () => {
  it('leads to the dates and the tags, groups of several controls', async () => {
    const { user, api } = setup({
      page: page({
        template: 'event',
        starts_at: '2026-05-01T18:00:00Z',
        ends_at: '2026-05-01T20:00:00Z',
      }),
    });
    api.save.mockResolvedValueOnce({
      kind: 'invalid',
      errors: [
        ['ends_at', 'must not be before the start'],
        ['serialized_tags', 'a page has at most 100 tags'],
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('region', { name: 'Please correct these fields:' });
    await user.click(within(summary).getByRole('button', { name: 'Ends' }));
    expect(screen.getByLabelText('Ends: day')).toHaveFocus();
    await user.click(within(summary).getByRole('button', { name: 'Tags' }));
    expect(screen.getByRole('group', { name: /^Tags/ }).contains(document.activeElement)).toBe(
      true,
    );
  });
});

describe('a tab the template does not use (issue 28, item 20)', () => {
  it('is plain text that says so in view, not only on hover', () => {
    setup({ page: page({ template: 'event' }) });
    const tabs = screen.getByRole('tablist', { name: 'Page sections' });
    const files = within(tabs).getByText('Files', { selector: 'span' });
    expect(files.closest('a')).toBeNull();
    expect(within(tabs).queryByRole('tab', { name: /Files/ })).toBeNull();
    const entry = files.closest('li') as HTMLElement;
    expect(within(entry).getByText('not used by this template')).toBeVisible();
    expect(entry.querySelector('[title]')).toBeNull();
  });
});

describe('the title', () => {
  it('is a heading in the chrome’s direction holding the name in its content’s', () => {
    window.history.replaceState(null, '', '/admin/ar/pages/5/edit');
    setup({
      locale: 'ar',
      locales: [
        { code: 'en', name: 'English', dir: 'ltr' },
        { code: 'ar', name: 'العربية', dir: 'rtl' },
      ],
      page: page({ blocks: { name: { en: 'Team', ar: 'الفريق' } } }),
    });
    const heading = screen.getByRole('heading', { level: 1, name: 'الفريق' });
    // Aligned as the breadcrumb is, by the interface's direction …
    expect(heading).not.toHaveAttribute('dir');
    // … while the name reads right to left, isolated.
    expect(within(heading).getByText('الفريق')).toHaveAttribute('dir', 'rtl');
    expect(within(heading).getByText('الفريق')).toHaveAttribute('lang', 'ar');
  });
});
