// The interface language and its one catalogue (DESIGN.md: the interface language is the
// user's, apart from the content locale in the address). The server chooses the language
// (the user's choice on the account page, else the browser's) and embeds it in the screen's
// data; mountScreen calls setLanguage before the first render, so t() is a plain function
// every module can call.
import { ar } from './ar';
import type { Catalogue, MessageKey } from './catalogue';
import { en } from './en';
import type { Message } from './messages';
import { nb } from './nb';

export type { MessageKey } from './catalogue';

/** The interface languages the product ships, with their catalogues. */
export const CATALOGUES = { en, nb, ar } as const satisfies Record<string, Catalogue>;
export type Language = keyof typeof CATALOGUES;
export const LANGUAGES = Object.keys(CATALOGUES) as Language[];

const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'he', 'fa', 'ur']);

/** Parameters of a message: `count` chooses the plural form and fills {count}. */
export type MessageParams = Record<string, string | number>;

/**
 * The language the page was served in: the server writes the interface language into
 * <html lang> (admin_ui/base.html), so even a text a module computes as it loads is right.
 */
function servedLanguage(): Language {
  const code = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLanguage(code) ? code : 'en';
}

let current: Language = servedLanguage();
let pluralRules = new Intl.PluralRules(current);

export function isLanguage(code: unknown): code is Language {
  return typeof code === 'string' && Object.hasOwn(CATALOGUES, code);
}

/** Set the interface language (an unknown code falls back to English). */
export function setLanguage(code: string): void {
  current = isLanguage(code) ? code : 'en';
  pluralRules = new Intl.PluralRules(current);
}

/** The interface language. */
export function language(): Language {
  return current;
}

/** The direction of the interface (the chrome), which the content locale never changes. */
export function interfaceDir(code: string = current): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.has(code.split('-')[0] ?? code) ? 'rtl' : 'ltr';
}

function pick(message: Message, count: number | undefined): string {
  if (typeof message === 'string') return message;
  if (count === undefined) return message.other;
  if (count === 0 && message.zero !== undefined) return message.zero;
  return message[pluralRules.select(count)] ?? message.other;
}

/**
 * The text of `key` in the interface language, with {name} placeholders filled from `params`
 * (a missing one is left as written). Numbers are written as they are: ids, sizes and counts
 * keep Western digits in every language, as the content does.
 */
export function t(key: MessageKey, params?: MessageParams): string {
  const message = CATALOGUES[current][key] ?? en[key];
  const count = typeof params?.count === 'number' ? params.count : undefined;
  const text = pick(message, count);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}
