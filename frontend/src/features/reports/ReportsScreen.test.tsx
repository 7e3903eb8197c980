import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportsScreen } from './ReportsScreen';
import type { ReportsApi, ReportsScreenData } from './api';
import { reportsAddress } from './api';

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

  it('keeps the tab and filters in the address', () => {
    expect(reportsAddress('nb', { tab: 'external', template: '', host: 'youtube', page: 2 })).toBe(
      '/admin/nb/reports?tab=external&host=youtube&page=2',
    );
    expect(reportsAddress('en', { tab: 'templates', template: '', host: '', page: 1 })).toBe(
      '/admin/en/reports',
    );
  });
});
