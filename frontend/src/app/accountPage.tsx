// The account page is rendered by Django (accounts/account.html): its forms post without any
// script. This puts the admin's header on top of it, as on every other screen, and sets up its
// tabs. The header's data comes from the page: data-* attributes of #admin-header, and the
// content locale the user came from in `?locale=` (the header's account link carries it).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setLanguage } from '../i18n';
import { AdminHeader } from '../ui/AdminHeader';
import { setupTabs } from '../ui/tabs/serverTabs';

/** A locale code as the addresses carry it ('en', 'nb', 'pt-BR'); anything else is none. */
const LOCALE_CODE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

export interface AccountHeaderData {
  username: string;
  isSuperuser: boolean;
  logoutUrl: string;
  csrfToken: string;
  locale: string | null;
}

/** Read the header's data from its placeholder and the address's query. */
export function accountHeaderData(element: HTMLElement, search: string): AccountHeaderData {
  const locale = new URLSearchParams(search).get('locale');
  return {
    username: element.dataset.username ?? '',
    isSuperuser: element.dataset.superuser === 'true',
    logoutUrl: element.dataset.logout ?? '/admin/logout/',
    csrfToken: element.dataset.csrf ?? '',
    locale: locale && LOCALE_CODE.test(locale) ? locale : null,
  };
}

/** Mount the header into #admin-header and set up the page's tabs. */
export function mountAccountPage(doc: Document = document, win: Window = window): void {
  setLanguage(doc.documentElement.lang);
  setupTabs(doc, win);
  const placeholder = doc.getElementById('admin-header');
  if (!placeholder) return;
  const data = accountHeaderData(placeholder, win.location.search);
  createRoot(placeholder).render(
    <StrictMode>
      <AdminHeader
        locale={data.locale}
        locales={[]}
        localeHref={() => ''}
        username={data.username}
        isSuperuser={data.isSuperuser}
        logoutUrl={data.logoutUrl}
        csrfToken={data.csrfToken}
        section="account"
      />
    </StrictMode>,
  );
}
