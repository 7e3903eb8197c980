import type { MouseEvent } from 'react';
import type { Locale, ScreenData } from '../api/types';
import { t } from '../i18n';
import type { MessageKey } from '../i18n';
import { pageTreeUrl } from '../lib/page';
import { useHeaderParts } from './headerParts';
import type { TranslationState } from '../lib/translations';
import { LocaleStateMark } from './LocaleStateMark';

type Section =
  | 'pages'
  | 'translations'
  | 'reviews'
  | 'images'
  | 'files'
  | 'users'
  | 'grants'
  | 'log'
  | 'account';

interface AdminHeaderProps {
  /**
   * The content locale the screen shows, which every section link keeps; null on a screen
   * that has none (the account page): the links then open each screen in its default locale.
   */
  locale: string | null;
  /** The locales to switch between (none: no switcher). */
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
  section?: Section;
  /** How the shown page's translations stand, by locale (the editor's): each link is marked. */
  localeStates?: Readonly<Record<string, TranslationState>>;
}

/** The translation report of a locale (issue 22). */
export function translationsUrl(locale: string): string {
  return `/admin/${encodeURIComponent(locale)}/translations`;
}

/** Waiting for review (issue 32): the changes the user may decide, in a content locale. */
export function reviewsUrl(locale: string): string {
  return `/admin/${encodeURIComponent(locale)}/reviews`;
}

/** Add the content locale to a screen's address (none: the screen picks its default). */
function inLocale(path: string, locale: string | null): string {
  return locale ? `${path}?locale=${encodeURIComponent(locale)}` : path;
}

/** The sections every user sees, then the administrators' (issue 13), in the header's locale. */
const SECTIONS: readonly { section: Section; path: string; label: MessageKey; admin?: true }[] = [
  { section: 'images', path: '/admin/images', label: 'header.images' },
  { section: 'files', path: '/admin/attachments', label: 'header.files' },
  { section: 'users', path: '/admin/users', label: 'header.users', admin: true },
  { section: 'grants', path: '/admin/grants', label: 'header.grants', admin: true },
  { section: 'log', path: '/admin/log', label: 'header.log', admin: true },
];

const ACCOUNT_URL = '/admin/account/';
/** The home of the back office: the default locale's page tree. */
const HOME_URL = '/admin/';

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

/** The bar on top of every admin screen: product, sections, locale switcher, user, log out. */
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
  localeStates,
}: AdminHeaderProps) {
  const current = (name: Section) => (section === name ? 'true' : undefined);
  const parts = useHeaderParts();
  return (
    <header className="admin-header">
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        {t('header.skipToMain')}
      </a>
      <a className="admin-header__product" href={locale ? localeHref(locale) : HOME_URL}>
        {t('header.product')}
      </a>
      <nav className="admin-header__nav" aria-label={t('header.sections')}>
        <ul className="admin-header__sections">
          <li>
            <a href={locale ? pageTreeUrl(locale) : HOME_URL} aria-current={current('pages')}>
              {t('header.pages')}
            </a>
          </li>
          <li>
            <a
              href={translationsUrl(locale ?? defaultLocale(locales))}
              aria-current={current('translations')}
            >
              {t('header.translations')}
            </a>
          </li>
          <li>
            <a
              href={reviewsUrl(locale ?? defaultLocale(locales))}
              aria-current={current('reviews')}
            >
              {t('header.reviews')}
              {parts.reviewsBadge}
            </a>
          </li>
          {SECTIONS.filter((item) => isSuperuser || !item.admin).map((item) => (
            <li key={item.section}>
              <a href={inLocale(item.path, locale)} aria-current={current(item.section)}>
                {t(item.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {locales.length > 0 && (
        <nav className="admin-header__locale-nav" aria-label={t('header.locales')}>
          <ul className="admin-header__locales">
            {locales.map((item) => {
              const state = localeStates?.[item.code];
              return (
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
                    {state && ' '}
                    {state && <LocaleStateMark state={state} />}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <div className="admin-header__user">
        {parts.tools}
        <a
          href={inLocale(ACCOUNT_URL, locale)}
          title={t('header.account')}
          aria-current={section === 'account' ? 'page' : undefined}
        >
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

/** What a screen's embedded data tells its header: the locales, who is signed in, how to leave. */
type HeaderData = Pick<ScreenData, 'locale' | 'locales' | 'user' | 'csrf_token'> & {
  urls: Pick<ScreenData['urls'], 'logout'>;
};

interface ScreenHeaderProps extends Pick<
  AdminHeaderProps,
  'localeHref' | 'onLocaleClick' | 'section' | 'localeStates'
> {
  data: HeaderData;
  /** The content locale shown, when the screen switches it in place (default: the data's). */
  locale?: string;
}

/** The website's default locale (the first), where a screen without one sends its links. */
function defaultLocale(locales: readonly Locale[]): string {
  return locales[0]?.code ?? 'en';
}

/** The header of a screen, from the data the screen embeds. */
export function ScreenHeader({ data, locale = data.locale, ...links }: ScreenHeaderProps) {
  return (
    <AdminHeader
      locale={locale}
      locales={data.locales}
      username={data.user.username}
      isSuperuser={data.user.is_superuser}
      logoutUrl={data.urls.logout}
      csrfToken={data.csrf_token}
      {...links}
    />
  );
}
