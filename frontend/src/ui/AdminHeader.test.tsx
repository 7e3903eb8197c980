import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdminHeader, ScreenHeader } from './AdminHeader';

describe('AdminHeader', () => {
  it('links every locale, marks the current one and posts logout with the CSRF token', () => {
    render(
      <AdminHeader
        locale="nb"
        locales={[
          { code: 'en', name: 'English', dir: 'ltr' },
          { code: 'nb', name: 'Norsk bokmål', dir: 'ltr' },
          { code: 'ar', name: 'العربية', dir: 'rtl' },
        ]}
        localeHref={(code) => `/admin/${code}/pages`}
        username="admin"
        logoutUrl="/admin/logout/"
        csrfToken="tok"
      />,
    );
    expect(screen.getByRole('link', { name: 'العربية' })).toHaveAttribute(
      'href',
      '/admin/ar/pages',
    );
    expect(screen.getByRole('link', { name: 'العربية' })).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('link', { name: 'Norsk bokmål' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByText('admin')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Log out' });
    const form = button.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/admin/logout/');
    expect(form?.querySelector('input[name="csrfmiddlewaretoken"]')).toHaveValue('tok');
  });

  it('hands locale clicks to onLocaleClick, which may keep the browser from following them', () => {
    const onLocaleClick = vi.fn((_code: string, event: { preventDefault(): void }) =>
      event.preventDefault(),
    );
    render(
      <AdminHeader
        locale="en"
        locales={[
          { code: 'en', name: 'English', dir: 'ltr' },
          { code: 'nb', name: 'Norsk bokmål', dir: 'ltr' },
        ]}
        localeHref={(code) => `/admin/${code}/pages`}
        onLocaleClick={onLocaleClick}
        username="admin"
        logoutUrl="/admin/logout/"
        csrfToken="tok"
      />,
    );
    const link = screen.getByRole('link', { name: 'Norsk bokmål' });
    expect(link).toHaveAttribute('href', '/admin/nb/pages');
    expect(fireEvent.click(link)).toBe(false);
    expect(onLocaleClick).toHaveBeenCalledWith('nb', expect.anything());
  });

  it('leads first to the main area, by focus and without changing the address', () => {
    window.history.replaceState(null, '', '/admin/en/pages/5/edit#files');
    render(
      <>
        <AdminHeader
          locale="en"
          locales={[{ code: 'en', name: 'English', dir: 'ltr' }]}
          localeHref={(code) => `/admin/${code}/pages`}
          username="admin"
          logoutUrl="/admin/logout/"
          csrfToken="tok"
        />
        <main id="main">Main area</main>
      </>,
    );
    const skip = screen.getAllByRole('link')[0];
    expect(skip).toHaveTextContent('Skip to main content');
    expect(skip).toHaveAttribute('href', '#main');
    expect(fireEvent.click(skip as HTMLElement)).toBe(false);
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.hash).toBe('#files');
  });

  it('builds a screen header from the data the screen embeds', () => {
    const data = {
      locale: 'nb',
      locales: [
        { code: 'en', name: 'English', dir: 'ltr' as const },
        { code: 'nb', name: 'Norsk bokmål', dir: 'ltr' as const },
      ],
      user: { id: 3, username: 'editor', is_superuser: false },
      urls: { logout: '/admin/logout/' },
      csrf_token: 'tok',
    };
    render(
      <ScreenHeader
        data={data}
        localeHref={(code) => `/admin/images?locale=${code}`}
        section="images"
      />,
    );
    expect(screen.getByRole('link', { name: 'Norsk bokmål' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByRole('link', { name: 'Images' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'editor' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log out' }).closest('form')).toHaveAttribute(
      'action',
      '/admin/logout/',
    );
  });

  it('leads everyone to Waiting for review in the content locale, marked on that screen', () => {
    const data = {
      locale: 'nb',
      locales: [{ code: 'nb', name: 'Norsk bokmål', dir: 'ltr' as const }],
      user: { id: 3, username: 'author', is_superuser: false },
      urls: { logout: '/admin/logout/' },
      csrf_token: 'tok',
    };
    render(
      <ScreenHeader
        data={data}
        localeHref={(code) => `/admin/${code}/reviews`}
        section="reviews"
      />,
    );
    const link = screen.getByRole('link', { name: 'Reviews' });
    expect(link).toHaveAttribute('href', '/admin/nb/reviews');
    expect(link).toHaveAttribute('aria-current', 'true');
  });
});
