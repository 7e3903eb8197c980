// The data Django embeds with json_script, shared by every admin screen.

export interface Locale {
  code: string;
  name: string;
  dir: 'ltr' | 'rtl';
}

export interface AdminUser {
  id: number;
  username: string;
}

export interface CommonInitialData {
  screen: string;
  locale: string;
  locales: Locale[];
  csrf_token: string;
  user: AdminUser;
  urls: { logout: string; pages: string };
}

/** Read and parse the initial-data script element. */
export function readInitialData<T extends CommonInitialData>(doc: Document = document): T {
  const element = doc.getElementById('initial-data');
  if (!element?.textContent) throw new Error('Missing #initial-data script element');
  return JSON.parse(element.textContent) as T;
}

/** Return the text direction of a locale code, defaulting to ltr. */
export function localeDir(locales: Locale[], code: string): 'ltr' | 'rtl' {
  return locales.find((locale) => locale.code === code)?.dir ?? 'ltr';
}

/** Replace the locale segment of an /admin/{locale}/… path. */
export function withLocale(path: string, locale: string): string {
  return path.replace(/^\/admin\/[^/]+(?=\/|$)/, `/admin/${locale}`);
}
