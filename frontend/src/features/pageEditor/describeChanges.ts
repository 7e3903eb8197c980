// A payload's fields in words, beside the stored page's (a scheduled change viewed or compared
// with the page now): labels as the editor names its fields, values as it shows them.
import type { Author, Page, Template } from '../../api/types';
import { t } from '../../i18n';
import { isPageStatus, statusName } from '../../lib/page';
import { formatWhen } from '../../lib/when';
import { attributeLabel } from './fields';
import { NAME_BLOCK, blockValue } from './model';
import { PAGE_FIELDS } from './restore';

export interface FieldChange {
  name: string;
  label: string;
  now: string;
  then: string;
  long?: boolean;
}

interface DescribeContext {
  page: Page;
  locale: string;
  templates: readonly Template[];
  authors: readonly Author[];
}

/** Fields a payload carries that are not the page's content. */
const NOT_SHOWN = new Set(['lock_version', '_method', 'position']);
const DATES = new Set(['published_at', 'starts_at', 'ends_at']);
const FLAGS = new Set(['all_day', 'pinned', 'feed_enabled', 'news_page', 'skip_index']);

function tagsText(value: unknown): string {
  if (typeof value !== 'string') return '';
  try {
    const tags: unknown = JSON.parse(value);
    return Array.isArray(tags) ? tags.filter((tag) => typeof tag === 'string').join(', ') : '';
  } catch {
    return value;
  }
}

function linkCount(value: unknown): number {
  if (!Array.isArray(value)) return 0;
  return value.filter((entry: unknown) => {
    return typeof entry === 'object' && entry !== null && !('_destroy' in entry && entry._destroy);
  }).length;
}

/** A value of a field in words ('' for none). */
function shown(name: string, value: unknown, context: DescribeContext): string {
  if (value === null || value === undefined || value === '') return '';
  if (DATES.has(name)) return typeof value === 'string' ? formatWhen(value) : '';
  if (FLAGS.has(name)) return value ? t('schedule.yes') : t('schedule.no');
  switch (name) {
    case 'status':
      return isPageStatus(value) ? statusName(value) : String(value);
    case 'template':
      return context.templates.find((item) => item.template_name === value)?.name ?? String(value);
    case 'user_id':
      return context.authors.find((author) => author.id === value)?.name ?? String(value);
    case 'serialized_tags':
      return tagsText(value);
    case 'page_images_attributes':
      return t('schedule.images', { count: linkCount(value) });
    case 'page_files_attributes':
      return t('schedule.files', { count: linkCount(value) });
    case 'meta_image_id':
    case 'parent_page_id':
      return value === false ? '' : `#${String(value)}`;
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

/** What the stored page holds for a field of the payload (in the payload's locale). */
function stored(name: string, { page, locale }: DescribeContext): unknown {
  switch (name) {
    case 'serialized_tags':
      return JSON.stringify(page.enabled_tags);
    case 'page_images_attributes':
      return page.page_images;
    case 'page_files_attributes':
      return page.page_files;
    case 'meta_image_id':
      return page.meta_image?.id ?? null;
    default:
      if (PAGE_FIELDS.has(name)) return (page as Record<string, unknown>)[name];
      return blockValue(page.blocks, name, locale);
  }
}

/** Return the fields a payload sets, in words, with the stored page's beside them. */
export function describeChanges(
  fields: Record<string, unknown>,
  context: DescribeContext,
): FieldChange[] {
  return Object.entries(fields)
    .filter(([name]) => !NOT_SHOWN.has(name))
    .map(([name, value]) => ({
      name,
      label: attributeLabel(name, context.templates),
      now: shown(name, stored(name, context), context),
      then: shown(name, value, context),
      // A block's text (the name aside) may run to paragraphs: shown with its line breaks.
      long: !PAGE_FIELDS.has(name) && name !== NAME_BLOCK,
    }));
}
