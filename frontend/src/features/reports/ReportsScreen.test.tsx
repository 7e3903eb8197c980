import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportsScreen } from './ReportsScreen';
import type { Page, Template, TreePageOut } from '../../api/types';
import type { ReportsApi, ReportsScreenData } from './api';
import { initialView, reportsAddress } from './api';

const base = {
  interface_language: 'en',
  locale: 'en',
  locales: [
    { code: 'en', name: 'English', dir: 'ltr' },
    { code: 'ar', name: 'العربية', dir: 'rtl' },
  ],
  csrf_token: 'x',
  user: { id: 1, username: 'admin', is_superuser: true },
  urls: { logout: '/admin/logout/', pages: '/admin/en/pages' },
  screen: 'reports',
} as const;

function data(overrides: Partial<ReportsScreenData> = {}): ReportsScreenData {
  return {
    ...base,
    filters: { tab: 'templates', template: '', host: '', page: 1 },
    templates_report: {
      templates: [
        { template_name: 'page', name: 'Standard page', known: true, pages: 2 },
        { template_name: 'event', name: 'Event', known: true, pages: 0 },
        { template_name: 'old', name: 'old', known: false, pages: 1 },
      ],
      pages: null,
    },
    external_content: null,
    ...overrides,
  } as ReportsScreenData;
}

function fakeApi(): ReportsApi {
  return {
    templates: vi.fn(() =>
      Promise.resolve({
        ...data().templates_report,
        pages: { items: [{ page_id: 7, name: 'Home', name_locale: 'en', status: 2 }], total: 1 },
      }),
    ),
    external: vi.fn(() =>
      Promise.resolve({
        items: [
          {
            page_id: 9,
            name: 'Film',
            name_locale: 'en',
            locale: 'ar',
            block: 'body',
            block_title: 'Body',
            kind: 'iframe' as const,
            host: 'youtu.be',
            url: 'https://youtu.be/1',
          },
        ],
        total: 1,
        more: false,
        family: 'youtube',
      }),
    ),
    broken: vi.fn((_locale: string, under: number | null) =>
      Promise.resolve({
        links: [
          {
            page_id: 7,
            locale: 'ar',
            block: 'body',
            url: '/ar/old',
            reason: 'deleted',
            checked_at: null,
            name: '',
            name_locale: '',
          },
          {
            page_id: under ?? 8,
            locale: '',
            block: 'sidebar',
            url: 'https://example.org/gone',
            reason: 'http_404',
            checked_at: '2026-05-02T10:00:00Z',
            name: 'Sidebar page',
            name_locale: 'ar',
          },
          {
            page_id: 8,
            locale: 'en',
            block: 'body',
            url: 'https://x.test/',
            reason: 'dns_gone',
            checked_at: null,
            name: 'Eight',
            name_locale: 'en',
          },
        ],
        total: 53,
      }),
    ),
    templateList: vi.fn(() =>
      Promise.resolve([
        {
          template_name: 'page',
          name: 'Standard page',
          blocks: [{ name: 'body', title: 'Body text' }],
          metadata_blocks: [],
        },
      ] as unknown as Template[]),
    ),
    page: vi.fn(() => Promise.resolve({ blocks: { name: { en: 'Visit us' } } } as unknown as Page)),
    findPages: vi.fn(() =>
      Promise.resolve([
        { id: 2, status: 2, blocks: { name: { en: 'About' } } },
        { id: 12, status: 2, blocks: { name: { nb: 'Besøk oss' } } },
        { id: 13, status: 4, blocks: { name: { en: 'Visit us (old)' } } },
      ] as unknown as TreePageOut[]),
    ),
  };
}

describe('ReportsScreen', () => {
  it('shows the templates with their use, unused and unknown ones marked, without a request', () => {
    const api = fakeApi();
    render(<ReportsScreen data={data()} api={api} />);
    expect(screen.getByText('Not used')).toBeTruthy();
    expect(screen.getByText('Not in the templates file')).toBeTruthy();
    expect(api.templates).not.toHaveBeenCalled();
  });

  it("lists a template's pages, each linking to its editor", async () => {
    const api = fakeApi();
    render(<ReportsScreen data={data()} api={api} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show pages: Standard page' }));
    const link = await screen.findByRole('link', { name: 'Home' });
    expect(link.getAttribute('href')).toBe('/admin/en/pages/7/edit');
    expect(api.templates).toHaveBeenCalledWith('en', 'page', 1);
  });

  it('filters the external content by host; a row opens the editor in its block’s locale', async () => {
    const api = fakeApi();
    render(<ReportsScreen data={data()} api={api} />);
    fireEvent.click(screen.getByRole('tab', { name: 'External content' }));
    fireEvent.change(screen.getByLabelText('Host'), { target: { value: ' youtube ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.external).toHaveBeenLastCalledWith('en', 'youtube', 1));
    const link = await screen.findByRole('link', { name: 'Film' });
    expect(link.getAttribute('href')).toBe('/admin/ar/pages/9/edit');
    expect(screen.getByText('Frame')).toBeTruthy();
    expect(screen.getByText('Body · العربية')).toBeTruthy();
  });

  it('lists the broken links with the reason in words, paged, and narrows them to a subtree', async () => {
    const api = fakeApi();
    render(<ReportsScreen data={data()} api={api} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Broken links' }));
    expect(await screen.findByText('53 broken links')).toBeTruthy();
    expect(api.broken).toHaveBeenLastCalledWith('en', null, 1);
    expect(window.location.search).toBe('?tab=broken');
    // The linking page to its editor, in the block's locale; the block by its title.
    const link = screen.getByRole('link', { name: 'Page 7' });
    expect(link.getAttribute('href')).toBe('/admin/ar/pages/7/edit');
    expect(await screen.findByText('Body text · العربية')).toBeTruthy();
    expect(screen.getByText('The page it links to, or a page above it, is deleted.')).toBeTruthy();
    expect(screen.getByText('/ar/old')).toBeTruthy();
    expect(screen.getByText('sidebar · All languages')).toBeTruthy();
    expect(screen.getByText('The site says the page is not there (404).')).toBeTruthy();
    expect(screen.getByText(/^Checked /)).toBeTruthy();
    expect(screen.getByText('The link does not work (dns_gone).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.broken).toHaveBeenLastCalledWith('en', null, 2));

    const [onlyFirst] = screen.getAllByRole('button', { name: 'Only this page and below' });
    if (onlyFirst) fireEvent.click(onlyFirst);
    await waitFor(() => expect(api.broken).toHaveBeenLastCalledWith('en', 7, 1));
    expect(window.location.search).toBe('?tab=broken&under=7');
    expect(
      await screen.findByText('Only the links of “\u2068Visit us\u2069” and the pages below it.'),
    ).toBeTruthy();
    expect(api.page).toHaveBeenCalledWith('en', 7);
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(api.broken).toHaveBeenLastCalledWith('en', null, 1));
  });

  it('narrows the broken links to the subtree of a page found by its name', async () => {
    const api = fakeApi();
    render(<ReportsScreen data={data()} api={api} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Broken links' }));
    fireEvent.change(screen.getByLabelText('Only below a page'), { target: { value: ' visit ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    // The matches with their ancestors, deleted ones left out, a name from another locale too.
    fireEvent.click(await screen.findByRole('button', { name: 'Besøk oss' }));
    expect(api.findPages).toHaveBeenCalledWith('en', 'visit');
    expect(screen.queryByRole('button', { name: 'Visit us (old)' })).toBeNull();
    await waitFor(() => expect(api.broken).toHaveBeenLastCalledWith('en', 12, 1));
    expect(window.location.search).toBe('?tab=broken&under=12');
    window.history.replaceState(null, '', '/');
  });

  it('opens on the broken links when the address asks for them', async () => {
    const api = fakeApi();
    window.history.replaceState(null, '', '/admin/en/reports?tab=broken&under=12&page=2');
    const filters = { tab: 'templates' as const, template: '', host: '', page: 2 };
    render(<ReportsScreen data={data({ filters })} api={api} />);
    await waitFor(() => expect(api.broken).toHaveBeenCalledWith('en', 12, 2));
    expect(screen.getByRole('tab', { name: 'Broken links' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const base = data({ filters });
    expect(initialView(base, '?tab=broken&under=0')).toMatchObject({ tab: 'broken', under: null });
    expect(initialView(base, '?tab=broken&under=1e3')).toMatchObject({ under: null });
    expect(initialView(base, '?tab=external')).toEqual({ ...filters, under: null });
    window.history.replaceState(null, '', '/');
  });

  it('keeps the tab and filters in the address', () => {
    expect(
      reportsAddress('ar', { tab: 'broken', template: '', host: '', page: 3, under: 12 }),
    ).toBe('/admin/ar/reports?tab=broken&under=12&page=3');
    expect(reportsAddress('nb', { tab: 'external', template: '', host: 'youtube', page: 2 })).toBe(
      '/admin/nb/reports?tab=external&host=youtube&page=2',
    );
    expect(reportsAddress('en', { tab: 'templates', template: '', host: '', page: 1 })).toBe(
      '/admin/en/reports',
    );
  });
});
