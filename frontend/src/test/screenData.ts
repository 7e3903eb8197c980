// What every screen embeds (api ScreenOut), for the screens' tests: an administrator with the
// interface in English, in a content locale of the caller's choosing.
import type { Locale, ScreenData } from '../api/types';

export const ENGLISH: Locale = { code: 'en', name: 'English', dir: 'ltr' };
export const NORWEGIAN: Locale = { code: 'nb', name: 'Norsk bokmål', dir: 'ltr' };
export const ARABIC: Locale = { code: 'ar', name: 'العربية', dir: 'rtl' };

/** The part of a screen's data every screen has (its `screen` and own fields are the caller's). */
export function screenBase(
  locale = 'en',
  locales: Locale[] = [ENGLISH],
): Omit<ScreenData, 'screen'> {
  return {
    locale,
    locales,
    interface_language: 'en',
    csrf_token: 'tok',
    user: { id: 1, username: 'admin', is_superuser: true },
    urls: { logout: '/admin/logout/', pages: `/admin/${locale}/pages` },
  };
}
