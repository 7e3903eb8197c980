import type { MouseEvent } from 'react';
import type { Locale } from '../api/types';
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
  logoutUrl: string;
  csrfToken: string;
  /** The part of the back office the screen belongs to, marked in the navigation. */
  section?: 'pages' | 'images';
}

const ACCOUNT_URL = '/admin/account/';

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
  logoutUrl,
  csrfToken,
  section = 'pages',
}: AdminHeaderProps) {
  return (
    <header className="admin-header">
      <a className="admin-header__product" href={localeHref(locale)}>
        Back office
      </a>
      <nav className="admin-header__nav" aria-label="Sections">
        <ul className="admin-header__sections">
          <li>
            <a href={pageTreeUrl(locale)} aria-current={section === 'pages' ? 'true' : undefined}>
              Pages
            </a>
          </li>
          <li>
            <a
              href={imageLibraryUrl(locale)}
              aria-current={section === 'images' ? 'true' : undefined}
            >
              Images
            </a>
          </li>
        </ul>
      </nav>
      <nav aria-label="Locales">
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
        <a href={ACCOUNT_URL} title="Your account">
          {username}
        </a>
        <form method="post" action={logoutUrl}>
          <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
          <button type="submit" className="button button--link">
            Log out
          </button>
        </form>
      </div>
    </header>
  );
}
