// A submitted change compared with the live page, in the shape the revisions' compare gives
// (entities/history/diff groups and diffs it word by word): each block the change sets, in its
// locale, from the live text to the submitted one; the other fields it sets by name.
import type { ComparedBlockOut, Page } from '../../api/types';

/** The save payload's fields that are not blocks (a block is any other name). */
const NOT_BLOCKS: ReadonlySet<string> = new Set([
  'all_day',
  'starts_at',
  'ends_at',
  'status',
  'published_at',
  'pinned',
  'template',
  'unique_name',
  'feed_enabled',
  'news_page',
  'user_id',
  'redirect_to',
  'serialized_tags',
  'path_segment',
  'meta_image_id',
  'parent_page_id',
  'skip_index',
  'page_images_attributes',
  'page_files_attributes',
  'lock_version',
  '_method',
]);

export interface ReviewDiff {
  blocks: ComparedBlockOut[];
  /** The other fields the change sets, by payload name. */
  fields: string[];
}

/** The live text of a block in a locale ('' when it has none). */
function liveText(page: Page, name: string, locale: string): string {
  const value = page.blocks[name];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const text = (value as Record<string, unknown>)[locale];
    return typeof text === 'string' ? text : '';
  }
  return '';
}

/**
 * What the change sets compared with the live page; only the fields it changes (`fields`).
 * Blocks are titled by `blockTitle` (the templates' titles in the interface language), else
 * by their names.
 */
export function reviewDiff(
  change: { page: Record<string, unknown>; fields: readonly string[]; locale: string },
  live: Page,
  blockTitle: (name: string) => string | null = () => null,
): ReviewDiff {
  const blocks: ComparedBlockOut[] = [];
  const fields: string[] = [];
  const names = change.fields.length > 0 ? change.fields : Object.keys(change.page);
  for (const name of names) {
    if (NOT_BLOCKS.has(name)) {
      if (name !== 'lock_version' && name !== '_method') fields.push(name);
      continue;
    }
    const value = change.page[name];
    if (typeof value !== 'string') continue;
    const shared = typeof live.blocks[name] === 'string';
    const from = liveText(live, name, change.locale);
    blocks.push({
      name,
      title: blockTitle(name) ?? name,
      locale: shared ? null : change.locale,
      from,
      to: value,
      changed: from !== value,
    });
  }
  return { blocks, fields };
}

/** A change's fields and values in one locale (the answer's `by_locale` entries). */
export interface LocaleChange {
  fields: readonly string[];
  page: Record<string, unknown>;
}

/**
 * What a change sets in every locale it covers (issue 32, item 5), compared with the live
 * page: each block in each locale (the comparison groups them by block, a section per
 * locale); the other fields of another locale than the change's own are named with it.
 */
export function reviewDiffInLocales(
  change: {
    page: Record<string, unknown>;
    fields: readonly string[];
    locale: string;
    by_locale?: Record<string, LocaleChange>;
  },
  live: Page,
  blockTitle: (name: string) => string | null = () => null,
): ReviewDiff {
  const own = reviewDiff(change, live, blockTitle);
  const blocks = [...own.blocks];
  const fields = [...own.fields];
  for (const [locale, entry] of Object.entries(change.by_locale ?? {})) {
    if (locale === change.locale) continue;
    const other = reviewDiff({ ...entry, locale }, live, blockTitle);
    blocks.push(...other.blocks.filter((block) => block.locale !== null));
    fields.push(...other.fields.map((name) => `${name} (${locale})`));
  }
  return { blocks, fields };
}
