import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImageLibraryPage, ImageLibraryScreenData } from '../../api/types';
import { imageRecord, installDialogPolyfill } from '../../entities/media/images/test/fixtures';
import type { DeleteResult } from '../../entities/media/common/deletion';
import { ToastProvider } from '../../ui/toast';
import { ImageLibraryScreen } from './ImageLibraryScreen';
import type { LibraryApi } from './api';
import { ARABIC, ENGLISH, NORWEGIAN, screenBase } from '../../test/screenData';

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
    ...screenBase('nb', [ENGLISH, NORWEGIAN, ARABIC]),
    library: libraryPage(),
    filters: { q: '', missing_alt: null, page: 1 },
    ...overrides,
  };
}

function setup(
  search = vi.fn<LibraryApi['search']>(() => Promise.resolve(libraryPage([fjord]))),
  remove = vi.fn<LibraryApi['remove']>(() => Promise.resolve({ kind: 'deleted' })),
) {
  render(
    <ToastProvider>
      <ImageLibraryScreen
        data={data({ library: libraryPage([harbour, fjord], 60) })}
        api={{ search, remove }}
      />
    </ToastProvider>,
  );
  return search;
}

beforeAll(installDialogPolyfill);

const card = (name: string) =>
  screen
    .getAllByRole('listitem')
    .find((item) => item.querySelector(`[title="${name}"]`)) as HTMLElement;

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

  it('deletes an image no page shows, after a confirmation naming it', async () => {
    const search = vi.fn<LibraryApi['search']>(() => Promise.resolve(libraryPage([harbour], 59)));
    const remove = vi.fn<LibraryApi['remove']>(() => Promise.resolve({ kind: 'deleted' }));
    setup(search, remove);
    // An image a page shows offers no Delete.
    expect(within(card('harbour.jpg')).queryByRole('button', { name: /Delete/ })).toBeNull();
    await userEvent.click(
      within(card('fjord.jpg')).getByRole('button', { name: 'Delete fjord.jpg' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete image' });
    expect(dialog).toHaveTextContent('No page shows “\u2068fjord.jpg\u2069”. Delete it for good?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('fjord.jpg')).toBeNull();
    expect(await screen.findByText('“\u2068fjord.jpg\u2069” was deleted.')).toBeVisible();
    expect(document.querySelector('.toast')).toHaveClass('toast--notice');
    // The page is read again, so it fills up and the count is right.
    expect(search).toHaveBeenLastCalledWith({ q: '', missing_alt: null, page: 1 });
  });

  it('keeps the image and says why when a page has started to show it', async () => {
    const refused: DeleteResult = {
      kind: 'refused',
      status: 409,
      detail: 'A page shows this image: remove it there first.',
    };
    const search = vi.fn<LibraryApi['search']>(() =>
      Promise.resolve(
        libraryPage([harbour, { ...fjord, pages: [{ id: 8, name: { en: 'New', nb: 'Ny' } }] }]),
      ),
    );
    setup(
      search,
      vi.fn<LibraryApi['remove']>(() => Promise.resolve(refused)),
    );
    await userEvent.click(
      within(card('fjord.jpg')).getByRole('button', { name: 'Delete fjord.jpg' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete image' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '“\u2068fjord.jpg\u2069” could not be deleted: A page shows this image: remove it there first.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Read again: the page that shows it now is listed, and Delete is gone.
    expect(await within(card('fjord.jpg')).findByRole('link', { name: 'Ny' })).toBeVisible();
    expect(within(card('fjord.jpg')).queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
