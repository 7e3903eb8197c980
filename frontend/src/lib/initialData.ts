// The data Django embeds with json_script; its types come from the OpenAPI document.
import type { Locale, ScreenData } from '../api/types';

/** Read and parse the initial-data script element. */
export function readInitialData<T extends ScreenData>(doc: Document = document): T {
  const element = doc.getElementById('initial-data');
  if (!element?.textContent) throw new Error('Missing #initial-data script element');
  return JSON.parse(element.textContent) as T;
}

/** Return the text direction of a locale code, defaulting to ltr. */
export function localeDir(locales: readonly Locale[], code: string): 'ltr' | 'rtl' {
  return locales.find((locale) => locale.code === code)?.dir ?? 'ltr';
}
