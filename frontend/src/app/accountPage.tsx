// The account page is rendered by Django (accounts/account.html): its forms post without any
// script. This puts the admin's header on top of it, as on every other screen, and sets up its
// tabs. The header's data comes from the page: data-* attributes of #admin-header, and the
// content locale the user came from in `?locale=` (the header's account link carries it).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setLanguage } from '../i18n';
import { setCsrfToken } from '../lib/http';
import { MailSettings } from '../features/review/components/MailSettings';
import { ReviewHeaderParts } from '../features/review/header/ReviewHeaderParts';
import { AdminHeader } from '../ui/AdminHeader';
import { setupTabs } from '../ui/tabs/serverTabs';

/** A locale code as the addresses carry it ('en', 'nb', 'pt-BR'); anything else is none. */
const LOCALE_CODE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

export interface AccountHeaderData {
  username: string;
  /** The signed-in user's id (their header counts are kept under it); null: unknown. */
  userId: number | null;
  isSuperuser: boolean;
  logoutUrl: string;
  csrfToken: string;
  locale: string | null;
}

/** Read the header's data from its placeholder and the address's query. */
export function accountHeaderData(element: HTMLElement, search: string): AccountHeaderData {
  const locale = new URLSearchParams(search).get('locale');
  const userId = element.dataset.userId ?? '';
  return {
    username: element.dataset.username ?? '',
    userId: /^[1-9][0-9]{0,15}$/.test(userId) ? Number(userId) : null,
    isSuperuser: element.dataset.superuser === 'true',
    logoutUrl: element.dataset.logout ?? '/admin/logout/',
    csrfToken: element.dataset.csrf ?? '',
    locale: locale && LOCALE_CODE.test(locale) ? locale : null,
  };
}

/**
 * Mount the header into #admin-header (with the count of changes waiting and the bell when the
 * user's id is known), the mail switches into #notification-settings, and set up the tabs.
 */
export function mountAccountPage(doc: Document = document, win: Window = window): void {
  setLanguage(doc.documentElement.lang);
  setupTabs(doc, win);
  const placeholder = doc.getElementById('admin-header');
  if (!placeholder) return;
  const data = accountHeaderData(placeholder, win.location.search);
  // The mail switches save through the JSON calls, which carry it.
  setCsrfToken(data.csrfToken);
  const header = (
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
  );
  createRoot(placeholder).render(
    <StrictMode>
      {data.userId === null ? (
        header
      ) : (
        <ReviewHeaderParts userId={data.userId}>{header}</ReviewHeaderParts>
      )}
    </StrictMode>,
  );
  const settings = doc.getElementById('notification-settings');
  if (settings)
    createRoot(settings).render(
      <StrictMode>
        <MailSettings />
      </StrictMode>,
    );
}
