import type { MouseEvent } from 'react';
import type { Locale } from '../api/types';

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
}

const ACCOUNT_URL = '/admin/account/';

/** The bar on top of every admin screen: product, locale switcher, user, log out. */
export function AdminHeader({
  locale,
  locales,
  localeHref,
  onLocaleClick,
  username,
  logoutUrl,
  csrfToken,
}: AdminHeaderProps) {
  return (
    <header className="admin-header">
      <a className="admin-header__product" href={localeHref(locale)}>
        Back office
      </a>
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
