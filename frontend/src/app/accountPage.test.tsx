import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { accountHeaderData, mountAccountPage } from './accountPage';

function page(attributes: string): HTMLElement {
  document.body.innerHTML = `
    <div id="admin-header" ${attributes}></div>
    <main id="main">
      <ul><li data-tab="profile"><a href="#profile">Profile</a></li>
          <li data-tab="password"><a href="#password">Password</a></li></ul>
      <section data-tab-panel="profile">Name</section>
      <section data-tab-panel="password">Old password</section>
    </main>`;
  return document.getElementById('admin-header') as HTMLElement;
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.lang = 'en';
  setLanguage('en');
  window.history.replaceState(null, '', '/');
});

describe('the account page', () => {
  it('reads the header’s data from the page, and a content locale only when it is one', () => {
    const element = page(
      'data-username="eva" data-superuser="true" data-logout="/admin/logout/" data-csrf="tok"',
    );
    expect(accountHeaderData(element, '?locale=nb')).toEqual({
      username: 'eva',
      userId: null,
      isSuperuser: true,
      logoutUrl: '/admin/logout/',
      csrfToken: 'tok',
      locale: 'nb',
    });
    expect(accountHeaderData(element, '').locale).toBeNull();
    expect(accountHeaderData(element, '?locale=../../x').locale).toBeNull();
    expect(accountHeaderData(page('data-username="eva"'), '').isSuperuser).toBe(false);
    expect(accountHeaderData(page('data-user-id="12"'), '').userId).toBe(12);
    expect(accountHeaderData(page('data-user-id="12x"'), '').userId).toBeNull();
  });

  it('gets the admin’s header in the interface language, marked as the account, and tabs', async () => {
    document.documentElement.lang = 'nb';
    page('data-username="eva" data-superuser="" data-logout="/admin/logout/" data-csrf="tok"');
    window.history.replaceState(null, '', '/admin/account/?locale=ar');
    await act(async () => mountAccountPage());
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sider' })).toHaveAttribute(
      'href',
      '/admin/ar/pages',
    );
    expect(within(header).getByRole('link', { name: 'Bilder' })).toHaveAttribute(
      'href',
      '/admin/images?locale=ar',
    );
    expect(within(header).queryByRole('link', { name: 'Brukere' })).not.toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'eva' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(header).getByRole('button', { name: 'Logg ut' })).toBeInTheDocument();
    expect(within(header).queryByRole('navigation', { name: /språk/i })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });

  it('links each section to its default locale when the address names none', async () => {
    page('data-username="eva" data-superuser="true"');
    window.history.replaceState(null, '', '/admin/account/');
    await act(async () => mountAccountPage());
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Pages' })).toHaveAttribute('href', '/admin/');
    expect(within(header).getByRole('link', { name: 'Log' })).toHaveAttribute('href', '/admin/log');
  });
});
