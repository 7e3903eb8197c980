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
