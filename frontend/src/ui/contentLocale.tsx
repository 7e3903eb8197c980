// The content locale (the one in the address) marks the content alone: names, blocks, path
// segments, alternative texts, previews carry its `lang` and `dir`, while the chrome around
// them speaks the interface language (DESIGN.md: two languages, never mixed).
import { createContext, useContext } from 'react';
import type { Locale } from '../api/types';

/** The attributes a content element carries. */
export interface ContentLang {
  lang: string;
  dir: 'ltr' | 'rtl';
}

const ContentLocaleContext = createContext<ContentLang | null>(null);

export const ContentLocaleProvider = ContentLocaleContext.Provider;

/** The `lang` and `dir` of the locale `code` (ltr for an unknown one). */
export function contentLang(locales: readonly Locale[], code: string): ContentLang {
  return { lang: code, dir: locales.find((locale) => locale.code === code)?.dir ?? 'ltr' };
}

/**
 * The attributes of content in the screen's content locale; outside a provider (a component
 * shown alone) none, and the text takes its direction from its own letters.
 */
export function useContentLang(): ContentLang | { dir: 'auto' } {
  return useContext(ContentLocaleContext) ?? { dir: 'auto' };
}
