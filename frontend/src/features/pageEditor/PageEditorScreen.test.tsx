import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '../../lib/http';
import type { SaveResult } from './api';
import { VALIDATION_MESSAGE } from './errors';
import { renderEditor as setup, sentPage } from './test/renderEditor';
import { page } from './test/fixtures';
import { NO_CROP } from '../../entities/media/images/crop';

const http = vi.hoisted(() => ({ postMultipart: vi.fn() }));
vi.mock('../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof Http>()),
  postMultipart: http.postMultipart,
}));

beforeEach(() => {
  window.history.replaceState(null, '', '/admin/en/pages/5/edit');
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const nbPage = () =>
  page({ locale: 'nb', path_segment: 'laget', urls: { nb: '/nb/om-oss/laget' } });

describe('PageEditorScreen', () => {
  it('shows breadcrumb, locale links with the tab, and one field per block', () => {
    setup();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'About' })).toHaveAttribute(
      'href',
      '/admin/en/pages/2/edit',
    );
    expect(crumbs.getByText('Team')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Norsk bokmål' })).toHaveAttribute(
      'href',
      '/admin/nb/pages/5/edit#content',
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Team');
    expect(screen.getByLabelText('Headline')).toHaveAccessibleDescription('Shown above the text.');
    expect(screen.getByLabelText('Body')).toHaveValue('Hello');
    expect(screen.getByLabelText('Body')).toHaveAttribute('rows', '15');
    expect(screen.getByLabelText('Intro')).toHaveAttribute('rows', '5');
    expect(screen.getByLabelText('Layout')).toHaveValue('wide');
    expect(screen.getAllByRole('button', { name: 'Bold' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Link' })).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'Tags' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Images' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Unconfigured/ })).not.toBeInTheDocument();
    expect(window.location.hash).toBe('#content');
  });

  it('reads the tab from the fragment and rewrites it on a tab change', async () => {
    window.history.replaceState(null, '', '/admin/en/pages/5/edit#metadata');
    const { user } = setup();
    expect(screen.getByLabelText('Path segment')).toHaveValue('team');
    expect(
      screen.getByText('Only alpanumeric characters and dashes are allowed.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Title for search engines')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Files' }));
    expect(window.location.pathname + window.location.hash).toBe('/admin/en/pages/5/edit#files');
    expect(screen.getByText('No files on this page yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Norsk bokmål' })).toHaveAttribute(
      'href',
      '/admin/nb/pages/5/edit#files',
    );
  });

  it('re-renders the fields for a new template without losing typed values', async () => {
    const { user, api } = setup();
    await user.clear(screen.getByLabelText('Headline'));
    await user.type(screen.getByLabelText('Headline'), 'Typed headline');
    await user.selectOptions(screen.getByLabelText('Template'), 'event');

    expect(screen.queryByLabelText('Headline')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toBeInTheDocument();
    // The dates section, with no dates until they are set (issue 28, item 2).
    expect(screen.getByRole('button', { name: 'Set dates' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Tags' })).toBeInTheDocument();
    expect(screen.getByText('Files', { selector: 'span' })).not.toHaveAttribute('href');

    await user.click(screen.getByRole('tab', { name: 'Unconfigured content' }));
    expect(screen.getByText(/not enabled by the selected template/)).toBeInTheDocument();
    expect(screen.getByLabelText('Headline')).toHaveValue('Typed headline');

    await user.selectOptions(screen.getByLabelText('Template'), 'page');
    await user.click(screen.getByRole('tab', { name: 'Content' }));
    expect(screen.getByLabelText('Headline')).toHaveValue('Typed headline');

    await user.selectOptions(screen.getByLabelText('Template'), 'event');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sentPage(api)).toMatchObject({
      template: 'event',
      headline: 'Typed headline',
      body: 'Hello',
      starts_at: null,
      ends_at: null,
    });
  });

  it('shows the last validation message beside the label and an error toast', async () => {
    window.history.replaceState(null, '', '/admin/en/pages/5/edit#metadata');
    const errors: [string, string][] = [
      ['path_segment', 'first message'],
      ['path_segment', 'can only contain letters, digits and dashes'],
    ];
    const { user } = setup({}, { kind: 'invalid', errors });
    await user.clear(screen.getByLabelText('Path segment'));
    await user.type(screen.getByLabelText('Path segment'), 'bad segment');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(VALIDATION_MESSAGE)).toBeInTheDocument();
    const field = screen.getByLabelText('Path segment');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/can only contain letters, digits and dashes/);
    expect(screen.queryByText('first message')).not.toBeInTheDocument();
    expect(field).toHaveValue('bad segment');
  });

  it('keeps the typed text on a conflict and can save anyway with the new version', async () => {
    const conflict: SaveResult = {
      kind: 'conflict',
      detail: 'Someone else changed this page after you opened it.',
      lockVersion: 9,
    };
    const { user, api } = setup({}, conflict);
    await user.type(screen.getByLabelText('Body'), ' and more');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Someone else changed this page after you opened it.');
    expect(screen.getByLabelText('Body')).toHaveValue('Hello and more');
    expect(sentPage(api).lock_version).toBe(3);

    api.save.mockResolvedValueOnce({ kind: 'saved', page: page({ lock_version: 10 }) });
    await user.click(within(banner).getByRole('button', { name: 'Save anyway' }));
    expect(sentPage(api, 1)).toMatchObject({ lock_version: 9, body: 'Hello and more' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the parent with every save, and saving anyway keeps a move made in the tree', async () => {
    const conflict: SaveResult = { kind: 'conflict', detail: 'Changed.', lockVersion: 9 };
    const { user, api } = setup({}, conflict);
    await user.type(screen.getByLabelText('Body'), ' and more');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sentPage(api).parent_page_id).toBe(2);

    // Meanwhile the page was moved under page 7 in the tree.
    api.load.mockResolvedValue(page({ parent_page_id: 7, lock_version: 9 }));
    api.save.mockResolvedValueOnce({ kind: 'saved', page: page({ parent_page_id: 7 }) });
    await user.click(await screen.findByRole('button', { name: 'Save anyway' }));
    expect(api.load).toHaveBeenCalledWith('en', 5);
    expect(sentPage(api, 1)).toMatchObject({
      lock_version: 9,
      parent_page_id: 7,
      body: 'Hello and more',
    });
  });

  it('reloads the page on request, dropping the unsaved values', async () => {
    const conflict: SaveResult = { kind: 'conflict', detail: 'Changed.', lockVersion: 4 };
    const { user, api } = setup({}, conflict);
    api.load.mockResolvedValue(page({ blocks: { name: { en: 'Team' }, body: { en: 'Theirs' } } }));
    await user.type(screen.getByLabelText('Body'), ' mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(api.load).toHaveBeenCalledWith('en', 5);
    expect(await screen.findByDisplayValue('Theirs')).toBeInTheDocument();
  });

  it('creates a new page, then edits it at its own address', async () => {
    window.history.replaceState(null, '', '/admin/en/pages/new?parent=2');
    const created = page({ id: 9, blocks: { name: { en: 'Fresh' } } });
    const { user, api } = setup(
      { page: page({ id: null, blocks: { name: {} }, path_segment: '', lock_version: 0 }) },
      { kind: 'saved', page: created },
    );
    expect(screen.getByRole('heading', { name: 'New Page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Norsk bokmål' })).toHaveAttribute(
      'href',
      '/admin/nb/pages/new?parent=2#content',
    );
    await user.type(screen.getByLabelText('Name'), 'Fresh');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.save).toHaveBeenCalledWith('en', null, expect.anything());
    expect(sentPage(api)).not.toHaveProperty('_method');
    expect(await screen.findByRole('heading', { name: 'Fresh' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.hash).toBe('/admin/en/pages/9/edit#content');
    expect(screen.getByText('Your changes were saved')).toBeInTheDocument();
  });

  it('asks before following a link away with unsaved changes', async () => {
    const { user, confirm } = setup();
    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(confirm).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Name'), '!');
    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('unsaved changes'));
  });

  it('replaces the path segment by a link to the ancestor that lacks one', () => {
    window.history.replaceState(null, '', '/admin/nb/pages/5/edit#metadata');
    setup({
      locale: 'nb',
      page: page({ ancestors: [{ id: 2, path_segment: { en: 'about' }, name: { nb: 'Om oss' } }] }),
    });
    expect(screen.queryByLabelText('Path segment')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Add a path segment/ })).toHaveAttribute(
      'href',
      '/admin/nb/pages/2/edit#metadata',
    );
    expect(screen.getByText('Om oss', { selector: 'strong' })).toBeInTheDocument();
  });

  it('shows the publish date for published pages and says when it lies ahead', async () => {
    const { user } = setup({ page: page({ status: 2, published_at: '2999-01-01T10:00:00Z' }) });
    expect(screen.getByRole('group', { name: 'Publish date' })).toBeInTheDocument();
    expect(screen.getByText('This page will publish later')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'Hidden');
    expect(screen.queryByRole('group', { name: 'Publish date' })).not.toBeInTheDocument();
  });

  it('wraps the selection in ** with Ctrl+B', async () => {
    const { user } = setup();
    const body = screen.getByLabelText<HTMLTextAreaElement>('Body');
    body.focus();
    body.setSelectionRange(0, 5);
    await user.keyboard('{Control>}b{/Control}');
    expect(body).toHaveValue('**Hello**');
  });

  it('switches locale in place: loads the page, pushes the address, saves to the new locale', async () => {
    window.history.replaceState(null, '', '/admin/en/pages/5/edit#metadata');
    const { user, api, confirm } = setup();
    api.load.mockResolvedValue(nbPage());
    const pushState = vi.spyOn(window.history, 'pushState');
    await user.click(screen.getByRole('link', { name: 'Norsk bokmål' }));

    expect(confirm).not.toHaveBeenCalled();
    expect(api.load).toHaveBeenCalledWith('nb', 5);
    expect(await screen.findByDisplayValue('laget')).toBeInTheDocument();
    expect(pushState).toHaveBeenCalledWith(
      expect.anything(),
      '',
      '/admin/nb/pages/5/edit#metadata',
    );
    expect(window.location.pathname + window.location.hash).toBe('/admin/nb/pages/5/edit#metadata');
    // The content fields take the locale's lang; the document keeps the interface's.
    expect(screen.getByDisplayValue('laget')).toHaveAttribute('lang', 'nb');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('link', { name: 'Norsk bokmål' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByRole('heading', { name: 'Laget' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Content' }));
    expect(screen.getByLabelText('Body')).toHaveValue('Hei');
    await user.type(screen.getByLabelText('Body'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.save).toHaveBeenCalledWith('nb', 5, expect.anything());
    expect(sentPage(api)).toMatchObject({ body: 'Hei!', path_segment: 'laget' });
    pushState.mockRestore();
  });

  it('asks before switching locale with unsaved changes, and stays when refused', async () => {
    const { user, api, confirm } = setup();
    await user.type(screen.getByLabelText('Body'), ' mine');
    await user.click(screen.getByRole('link', { name: 'Norsk bokmål' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('unsaved changes'));
    expect(api.load).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/admin/en/pages/5/edit');
    expect(screen.getByLabelText('Body')).toHaveValue('Hello mine');
  });

  it('goes back to the previous locale on Back', async () => {
    const { user, api } = setup();
    api.load.mockResolvedValueOnce(nbPage());
    await user.click(screen.getByRole('link', { name: 'Norsk bokmål' }));
    expect(await screen.findByDisplayValue('Hei')).toBeInTheDocument();

    api.load.mockResolvedValueOnce(page());
    window.history.replaceState(null, '', '/admin/en/pages/5/edit#content');
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'));
      await Promise.resolve();
    });
    expect(api.load).toHaveBeenLastCalledWith('en', 5);
    expect(await screen.findByDisplayValue('Hello')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Hello')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  });

  it('switches the locale of a new page without loading anything', async () => {
    window.history.replaceState(null, '', '/admin/en/pages/new?parent=2');
    const { user, api } = setup({
      page: page({ id: null, blocks: { name: {} }, path_segment: '', lock_version: 0 }),
    });
    await user.click(screen.getByRole('link', { name: 'Norsk bokmål' }));
    expect(api.load).not.toHaveBeenCalled();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/admin/nb/pages/new?parent=2#content',
    );
    await user.type(screen.getByLabelText('Name'), 'Ny');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.save).toHaveBeenCalledWith('nb', null, expect.anything());
    expect(sentPage(api)).toMatchObject({ name: 'Ny', parent_page_id: 2 });
  });

  it('shows an ancestor without a name here by its name in another locale, in italics', () => {
    window.history.replaceState(null, '', '/admin/nb/pages/5/edit');
    setup({ locale: 'nb' });
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    const crumb = crumbs.getByRole('link', { name: 'About' });
    expect(crumb).toHaveAttribute('href', '/admin/nb/pages/2/edit');
    expect(within(crumb).getByText('About').tagName).toBe('I');
    expect(within(crumb).getByText('About')).toHaveAttribute('lang', 'en');
  });

  it('picks, shows, warns about, removes and saves the social sharing image', async () => {
    window.history.replaceState(null, '', '/admin/en/pages/5/edit#metadata');
    http.postMultipart.mockResolvedValueOnce({
      id: 42,
      filename: 'small.png',
      content_type: 'image/png',
      real_width: 800,
      real_height: 400,
      thumbnail_url: '/media/small-thumb.png',
      original_url: '/media/small.png',
      uncropped_url: '/media/small.png',
      alternative: { en: '', nb: '' },
      caption: {},
    });
    const { user, api } = setup();
    const file = new File(['x'], 'small.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choose image'), file);
    expect(await screen.findByText('small.png')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /small\.png/ })).toHaveAttribute(
      'src',
      '/media/small-thumb.png',
    );
    expect(screen.getByText('800 × 400 pixels')).toBeInTheDocument();
    expect(screen.getByText('Recommended at least 1200x630')).toBeInTheDocument();
    const [url, sent] = http.postMultipart.mock.calls[0] as [string, FormData];
    expect(url).toBe('/admin/images.json');
    expect([...sent.keys()]).toEqual([
      'image[file]',
      'image[alternative][en]',
      'image[alternative][nb]',
    ]);
    const metaImage = {
      id: 42,
      filename: 'small.png',
      content_type: 'image/png',
      thumbnail_url: '/media/small-thumb.png',
      original_url: '/media/small.png',
      uncropped_url: '/media/small.png',
      real_width: 600,
      real_height: 315,
      ...NO_CROP,
      alternative: {},
      caption: {},
    };
    api.save.mockResolvedValueOnce({ kind: 'saved', page: page({ meta_image: metaImage }) });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sentPage(api).meta_image_id).toBe(42);
    expect(await screen.findByText('Your changes were saved')).toBeInTheDocument();
    expect(screen.getByText('small.png')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByText('No image chosen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sentPage(api, 1).meta_image_id).toBeNull();
  });
});
