import type { Locale } from '../lib/initialData';

interface AdminHeaderProps {
  locale: string;
  locales: Locale[];
  localeHref: (code: string) => string;
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
