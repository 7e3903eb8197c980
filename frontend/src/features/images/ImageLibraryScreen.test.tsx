import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ImageLibraryPage, ImageLibraryScreenData } from '../../api/types';
import { imageRecord } from '../../ui/images/test/fixtures';
import { ToastProvider } from '../../ui/toast';
import { ImageLibraryScreen } from './ImageLibraryScreen';
import type { LibraryApi } from './api';

const harbour = {
  ...imageRecord(1, { filename: 'harbour.jpg', alternative: { en: 'Harbour', nb: 'Havn' } }),
  pages: [{ id: 5, name: { en: 'About', nb: 'Om oss' } }],
};
const fjord = {
  ...imageRecord(2, { filename: 'fjord.jpg', alternative: { en: 'Fjord' } }),
  pages: [],
};

function libraryPage(images = [harbour, fjord], total = images.length, page = 1): ImageLibraryPage {
  return { images, page, per_page: 48, total };
}

function data(overrides: Partial<ImageLibraryScreenData> = {}): ImageLibraryScreenData {
  return {
    screen: 'imageLibrary',
    locale: 'nb',
    locales: [
      { code: 'en', name: 'English', dir: 'ltr' },
      { code: 'nb', name: 'Norsk bokmål', dir: 'ltr' },
      { code: 'ar', name: 'العربية', dir: 'rtl' },
    ],
    interface_language: 'en',
    csrf_token: 'tok',
    user: { id: 1, username: 'admin', is_superuser: true },
    urls: { logout: '/admin/logout/', pages: '/admin/nb/pages' },
    library: libraryPage(),
    filters: { q: '', missing_alt: null, page: 1 },
    ...overrides,
  };
}

function setup(search = vi.fn<LibraryApi['search']>(() => Promise.resolve(libraryPage([fjord])))) {
  render(
    <ToastProvider>
      <ImageLibraryScreen
        data={data({ library: libraryPage([harbour, fjord], 60) })}
        api={{ search }}
      />
    </ToastProvider>,
  );
  return search;
}

describe('ImageLibraryScreen', () => {
  it('shows every image with its pages, linked to their editor, and marks missing alt text', () => {
    setup();
    const cards = screen
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('library-card'));
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Om oss' })).toHaveAttribute(
      'href',
      '/admin/nb/pages/5/edit#images',
    );
    expect(within(first).queryByRole('img', { name: 'Alternative text is missing' })).toBeNull();
    expect(within(second).getByRole('img', { name: 'Alternative text is missing' })).toBeVisible();
    expect(within(second).getByText('Not used on any page')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Images' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
  });

  it('searches, filters by a locale missing alt text and pages through the results', async () => {
    const search = setup();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search images' }), 'fjord');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(search).toHaveBeenLastCalledWith({ q: 'fjord', missing_alt: null, page: 1 });
    expect(window.location.search).toBe('?locale=nb&q=fjord');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Missing alternative text in' }),
      'ar',
    );
    expect(search).toHaveBeenLastCalledWith({ q: 'fjord', missing_alt: 'ar', page: 1 });
    expect(await screen.findByText(/1 image without alternative text in العربية/)).toBeVisible();
  });

  it('asks for the next page', async () => {
    const search = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(search).toHaveBeenLastCalledWith({ q: '', missing_alt: null, page: 2 });
  });
});
