// What a page means wherever the admin shows it: its status (spec §4, §9), its name in a
// locale (an untranslated page goes by its name in another locale), and its addresses in the
// admin and on the website.
import type { Page, PageStatus } from '../api/types';
import { t } from '../i18n';

export type { PageStatus } from '../api/types';

export const STATUS_DRAFT = 0 satisfies PageStatus;
export const STATUS_REVIEWED = 1 satisfies PageStatus;
export const STATUS_PUBLISHED = 2 satisfies PageStatus;
/** Reachable by its address, left out of menus, feeds and sitemaps. */
export const STATUS_HIDDEN = 3 satisfies PageStatus;
/** Kept with its data, restorable; the tree does not show it. */
export const STATUS_DELETED = 4 satisfies PageStatus;

/** The name of a status in the interface language (spec §9 in English). */
export function statusName(status: PageStatus): string {
  return t(`page.status.${status}`);
}

/** The statuses' names, read in the interface language at each use. */
export const STATUS_LABELS: Readonly<Record<PageStatus, string>> = {
  get [STATUS_DRAFT]() {
    return statusName(STATUS_DRAFT);
  },
  get [STATUS_REVIEWED]() {
    return statusName(STATUS_REVIEWED);
  },
  get [STATUS_PUBLISHED]() {
    return statusName(STATUS_PUBLISHED);
  },
  get [STATUS_HIDDEN]() {
    return statusName(STATUS_HIDDEN);
  },
  get [STATUS_DELETED]() {
    return statusName(STATUS_DELETED);
  },
};

/** Whether visitors can reach a page in this status (its ancestors and dates allowing). */
export function visitorsReach(status: number): boolean {
  return status === STATUS_PUBLISHED || status === STATUS_HIDDEN;
}

/** Every status, in the order a status menu lists them. */
export const PAGE_STATUSES: readonly PageStatus[] = [
  STATUS_DRAFT,
  STATUS_REVIEWED,
  STATUS_PUBLISHED,
  STATUS_HIDDEN,
  STATUS_DELETED,
];

/** Whether a value (a select's, a stored one) is one of the statuses. */
export function isPageStatus(value: unknown): value is PageStatus {
  return PAGE_STATUSES.some((status) => status === value);
}

/**
 * What a page without a name in any locale goes by, in the language the page was served in
 * (i18n reads it from <html lang> as it loads); untitledLabel() follows a later change too.
 */
export const UNTITLED_LABEL = t('page.untitled');
export const NAME_REQUIRED_MESSAGE = t('page.nameRequired');

/** What a page without a name in any locale goes by. */
export function untitledLabel(): string {
  return t('page.untitled');
}
/** The server's refusal of a page without a name in any locale (attribute `name`). */
export function nameRequiredMessage(): string {
  return t('page.nameRequired');
}

/** A name block: the text per locale, or one text for every locale (a non-localized block). */
export type NameBlock = string | Readonly<Record<string, string>> | undefined;

export interface LocalizedName {
  text: string;
  /** The locale the text is in; differs from the asked one when it is a fallback. */
  locale: string;
  fallback: boolean;
}

/**
 * Return a name in the locale or, when it has none there, in another locale (a fallback, so
 * an untranslated page is still recognisable): the first of `localeOrder` (the website's
 * locales, the default first) that has one, then any other. Blank names do not count; the
 * text is '' only when no locale has a name.
 */
export function localizedName(
  name: NameBlock,
  locale: string,
  localeOrder: readonly string[] = [],
): LocalizedName {
  if (typeof name === 'string') return { text: name.trim(), locale, fallback: false };
  if (!name) return { text: '', locale, fallback: false };
  const own = name[locale]?.trim();
  if (own) return { text: own, locale, fallback: false };
  for (const code of [...localeOrder, ...Object.keys(name)]) {
    const text = name[code]?.trim();
    if (text && code !== locale) return { text, locale: code, fallback: true };
  }
  return { text: '', locale, fallback: false };
}

/** Return the name to show for a page: its localized name, or 'Untitled'. */
export function displayName(
  name: NameBlock,
  locale: string,
  localeOrder: readonly string[] = [],
): string {
  return localizedName(name, locale, localeOrder).text || untitledLabel();
}

const adminPages = (locale: string) => `/admin/${encodeURIComponent(locale)}/pages`;
/** The editor's tab goes in the fragment ('#metadata'), so a reload or a link opens it. */
const fragment = (tab: string | null | undefined) => (tab ? `#${tab}` : '');

/** Return the address of the page tree ('All Pages') in a locale. */
export function pageTreeUrl(locale: string): string {
  return adminPages(locale);
}

/** Return the address of a page's editor in a locale, on a tab. */
export function editPageUrl(locale: string, id: number, tab: string | null = null): string {
  return `${adminPages(locale)}/${id}/edit${fragment(tab)}`;
}

/** Return the address of the new-page editor, under a parent (null: the top level), on a tab. */
export function newPageUrl(
  locale: string,
  parentId: number | null,
  tab: string | null = null,
): string {
  const parent = parentId === null ? '' : `?parent=${parentId}`;
  return `${adminPages(locale)}/new${parent}${fragment(tab)}`;
}

/** Return the editor's address: a saved page's (id), or the new page's under `parentId`. */
export function editorUrl(
  locale: string,
  id: number | null,
  parentId: number | null,
  tab: string | null = null,
): string {
  return id ? editPageUrl(locale, id, tab) : newPageUrl(locale, parentId, tab);
}

/** Return the page's public address in a locale, or null when it has none there yet. */
export function publicUrl(page: Pick<Page, 'urls'>, locale: string): string | null {
  return page.urls[locale] || null;
}

/** The reports screen of a locale (issue 31, item 7). */
export function reportsUrl(locale: string): string {
  return `/admin/${encodeURIComponent(locale)}/reports`;
}
