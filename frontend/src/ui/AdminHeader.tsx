import type { MouseEvent } from 'react';
import type { Locale } from '../api/types';
import { t } from '../i18n';
import { pageTreeUrl } from '../lib/page';

interface AdminHeaderProps {
  locale: string;
  locales: Locale[];
  localeHref: (code: string) => string;
  /**
   * Called on a click on a locale link; a screen that switches locale in place calls
   * `event.preventDefault()`. Such links carry `data-client-nav` (the leave guard skips them).
   */
  onLocaleClick?: (code: string, event: MouseEvent<HTMLAnchorElement>) => void;
  username: string;
  /** An administrator: the people screens (users, grants, log) are linked. */
  isSuperuser?: boolean;
  logoutUrl: string;
  csrfToken: string;
  /** The part of the back office the screen belongs to, marked in the navigation. */
  section?: 'pages' | 'images' | 'files' | 'users' | 'grants' | 'log';
}

/** The file library, showing names and page names in a locale. */
export function fileLibraryUrl(locale: string): string {
  return `/admin/attachments?locale=${encodeURIComponent(locale)}`;
}

/** The administrators' screens (issue 13), each in the header's locale. */
const PEOPLE_SECTIONS = [
  { section: 'users', path: '/admin/users', label: 'header.users' },
  { section: 'grants', path: '/admin/grants', label: 'header.grants' },
  { section: 'log', path: '/admin/log', label: 'header.log' },
] as const;

const ACCOUNT_URL = '/admin/account/';

/** The id of every screen's main area, which the header's skip link leads to. */
export const MAIN_ID = 'main';

/**
 * Move the focus to the main area without touching the address: the editor keeps its tab in
 * the fragment, so following `#main` would read as a tab change.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus();
}

/** The image library, showing alternative texts and page names in a locale. */
export function imageLibraryUrl(locale: string): string {
  return `/admin/images?locale=${encodeURIComponent(locale)}`;
}

/** The bar on top of every admin screen: product, locale switcher, user, log out. */
export function AdminHeader({
  locale,
  locales,
  localeHref,
  onLocaleClick,
  username,
  isSuperuser = false,
  logoutUrl,
  csrfToken,
  section = 'pages',
}: AdminHeaderProps) {
  return (
    <header className="admin-header">
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        {t('header.skipToMain')}
      </a>
      <a className="admin-header__product" href={localeHref(locale)}>
        {t('header.product')}
      </a>
      <nav className="admin-header__nav" aria-label={t('header.sections')}>
        <ul className="admin-header__sections">
          <li>
            <a href={pageTreeUrl(locale)} aria-current={section === 'pages' ? 'true' : undefined}>
              {t('header.pages')}
            </a>
          </li>
          <li>
            <a
              href={imageLibraryUrl(locale)}
              aria-current={section === 'images' ? 'true' : undefined}
            >
              {t('header.images')}
            </a>
          </li>
          <li>
            <a
              href={fileLibraryUrl(locale)}
              aria-current={section === 'files' ? 'true' : undefined}
            >
              {t('header.files')}
            </a>
          </li>
          {isSuperuser &&
            PEOPLE_SECTIONS.map((item) => (
              <li key={item.section}>
                <a
                  href={`${item.path}?locale=${encodeURIComponent(locale)}`}
                  aria-current={section === item.section ? 'true' : undefined}
                >
                  {t(item.label)}
                </a>
              </li>
            ))}
        </ul>
      </nav>
      <nav className="admin-header__locale-nav" aria-label={t('header.locales')}>
        <ul className="admin-header__locales">
          {locales.map((item) => (
            <li key={item.code}>
              <a
                href={localeHref(item.code)}
                lang={item.code}
                dir={item.dir}
                aria-current={item.code === locale ? 'true' : undefined}
                data-client-nav={onLocaleClick ? '' : undefined}
                onClick={onLocaleClick && ((event) => onLocaleClick(item.code, event))}
              >
                {item.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-header__user">
        <a href={ACCOUNT_URL} title={t('header.account')}>
          {username}
        </a>
        <form method="post" action={logoutUrl}>
          <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
          <button type="submit" className="button button--link">
            {t('header.logout')}
          </button>
        </form>
      </div>
    </header>
  );
}
