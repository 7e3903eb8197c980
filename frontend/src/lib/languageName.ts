// A content locale named in running text in the interface language ("Changed Body in Arabic",
// "endret brødtekst på arabisk", "بالعربية"): the names the server's summaries use too
// (cms.core.locales.INTERFACE_NAMES). Pickers keep the site's own names (each in its language).
import { language } from '../i18n';

/** Return the locale's name in the interface language; `fallback` (the site's name) without one. */
export function languageName(code: string, fallback?: string, lang: string = language()): string {
  try {
    const name = new Intl.DisplayNames([lang], { type: 'language' }).of(code);
    if (name && name !== code) return name;
  } catch {
    // A code the engine cannot read: the site's own name for it.
  }
  return fallback ?? code;
}
