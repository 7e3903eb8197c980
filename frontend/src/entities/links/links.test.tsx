import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import { installDialogPolyfill } from '../media/images/test/fixtures';
import { brokenLinksReportUrl, createLinksApi } from './api';
import { confirmPageGoes } from './confirmPageGoes';
import { PageGoesDialog } from './PageGoesDialog';
import { isExternalReason, reasonText } from './reasons';
import { fakeLinksApi, linkingPages } from './test/fakeLinksApi';
import { stubLinksFetch } from './test/stubLinksFetch';

beforeAll(installDialogPolyfill);
afterEach(() => setLanguage('en'));

const question = {
  going: 'delete' as const,
  pageId: 9,
  name: 'Opening hours',
  locale: 'en',
  question: 'Are you sure you want to delete this page?',
  note: '“Opening hours” will be deleted. No pages are below it.',
};

describe('reasonText', () => {
  it.each([
    ['deleted', 'The page it links to, or a page above it, is deleted.'],
    ['unpublished', 'The page it links to, or a page above it, is not published.'],
    ['missing', 'No page has this address.'],
    ['http_404', 'The site says the page is not there (404).'],
    ['http_403', 'The site refused the address (403).'],
    ['http_500', 'The site had an error (500).'],
    ['timeout', 'The site did not answer in time.'],
    ['redirect_loop', 'The address redirects in a loop.'],
    ['too_many_redirects', 'The address redirects too many times.'],
    ['connection_failed', 'The site could not be reached.'],
    [
      'blocked_address',
      'The address leads into a private network, which the checker does not visit.',
    ],
    ['dns', "The site's name is not known."],
    ['tls', "The site's secure connection could not be trusted."],
    ['bad_url', 'The address is not one a browser can open.'],
    ['bad_response', 'The site answered with something that is not a web page answer.'],
    ['check_failed', 'The link could not be checked; it will be tried again.'],
    ['dns_gone', 'The link does not work (dns_gone).'],
    ['http_999x', 'The link does not work (http_999x).'],
  ])('says %s in words', (reason, text) => {
    expect(reasonText(reason)).toBe(text);
  });

  it('tells internal reasons from the checker’s', () => {
    expect(['deleted', 'unpublished', 'missing'].map(isExternalReason)).toEqual([
      false,
      false,
      false,
    ]);
    expect(isExternalReason('http_404')).toBe(true);
  });

  it('speaks Norwegian and Arabic too', () => {
    setLanguage('nb');
    expect(reasonText('deleted')).toBe('Siden den lenker til, eller en side over den, er slettet.');
    setLanguage('ar');
    expect(reasonText('http_500')).toBe('حدث خطأ في الموقع (500).');
  });
});

describe('the link calls', () => {
  it('ask the contract’s addresses', async () => {
    const fetchMock = stubLinksFetch([{ id: 3, name: 'Home' }]);
    const api = createLinksApi();
    expect(await api.linkedFrom('nb', 9, 2)).toEqual({
      pages: [{ id: 3, name: 'Home' }],
      total: 1,
    });
    await api.brokenLinks('ar', { page: 1, under: 4 });
    await api.brokenLinks('en', { page: 3, pageId: 7 });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/admin/nb/pages/9/linked_from.json?page=2',
      '/admin/ar/broken_links.json?page=1&under=4',
      '/admin/en/broken_links.json?page=3&page_id=7',
    ]);
    expect(brokenLinksReportUrl('nb', 12)).toBe('/admin/nb/reports?tab=broken&under=12');
  });

  it('fail on an answer without its list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([])),
    );
    const api = createLinksApi();
    await expect(api.linkedFrom('en', 9, 1)).rejects.toThrow('Not a list of pages');
    await expect(api.brokenLinks('en', { page: 1 })).rejects.toThrow('Not a list of links');
  });
});

describe('PageGoesDialog', () => {
  it('asks at once, then says how many pages link to the page and which, paged', async () => {
    let answer: (value: {
      pages: { id: number; name: string }[];
      total: number;
    }) => void = () => {};
    const first = new Promise<{ pages: { id: number; name: string }[]; total: number }>(
      (resolve) => {
        answer = resolve;
      },
    );
    const more = linkingPages(53);
    const api = fakeLinksApi((page) => (page === 1 ? first : more(page)));
    const user = userEvent.setup();
    render(<PageGoesDialog {...question} api={api} onAnswer={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete page' });
    // The question is there before the count: the dialog never waits for it.
    expect(dialog).toHaveTextContent('Are you sure you want to delete this page?');
    expect(dialog).toHaveTextContent('Looking for pages that link to “\u2068Opening hours\u2069”…');
    answer(await linkingPages(53)(1));
    expect(
      await within(dialog).findByText(
        '53 pages link to “\u2068Opening hours\u2069”: their links will show as plain text.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(50);
    expect(within(dialog).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/admin/en/pages/1/edit',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Show more' }));
    expect(await within(dialog).findByRole('link', { name: 'Page 53' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(53);
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(api.linkedFrom.mock.calls).toEqual([
      ['en', 9, 1],
      ['en', 9, 2],
    ]);
  });

  it('says a hidden page’s links keep working', async () => {
    const api = fakeLinksApi(linkingPages(1));
    render(
      <PageGoesDialog {...question} going="hide" question="Hide?" api={api} onAnswer={() => {}} />,
    );
    expect(
      await screen.findByText(
        'One page links to “\u2068Opening hours\u2069”. A hidden page stays reachable by its address, so the link keeps working; the page only leaves menus, feeds and sitemaps.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide' })).toBeInTheDocument();
  });

  it('says so when no page links to it, and offers a retry when the count fails', async () => {
    const api = fakeLinksApi(async () => ({ pages: [], total: 0 }));
    const { unmount } = render(<PageGoesDialog {...question} api={api} onAnswer={() => {}} />);
    expect(
      await screen.findByText('No page links to “\u2068Opening hours\u2069”.'),
    ).toBeInTheDocument();
    unmount();
    let fail = true;
    const flaky = fakeLinksApi(async (page) => {
      if (fail) throw new Error('offline');
      return linkingPages(2)(page);
    });
    const user = userEvent.setup();
    render(<PageGoesDialog {...question} api={flaky} onAnswer={() => {}} />);
    expect(
      await screen.findByText('The pages that link here could not be read.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Page 2' })).toBeInTheDocument();
  });

  it('in Arabic, counts with its plural forms and writes right to left', async () => {
    setLanguage('ar');
    const api = fakeLinksApi(linkingPages(2));
    render(<PageGoesDialog {...question} api={api} onAnswer={() => {}} />);
    expect(
      await screen.findByText(
        'صفحتان تشيران إلى «\u2068Opening hours\u2069»: ستظهر روابطهما نصًا عاديًا.',
      ),
    ).toBeInTheDocument();
  });
});

describe('confirmPageGoes', () => {
  it('answers true on the confirming button and takes its dialog away', async () => {
    stubLinksFetch([{ id: 4, name: 'Visit us' }]);
    const user = userEvent.setup();
    const answer = confirmPageGoes(question);
    const dialog = await screen.findByRole('dialog', { name: 'Delete page' });
    expect(await within(dialog).findByRole('link', { name: 'Visit us' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('answers false on Cancel', async () => {
    stubLinksFetch();
    const user = userEvent.setup();
    const answer = confirmPageGoes(question);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });
});
