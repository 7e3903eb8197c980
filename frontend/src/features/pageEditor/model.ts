// Pure rules of the page editor: drafts from pages, blocks per template, select options,
// unconfigured content, the path-segment ancestor rule and the title. (Statuses and names in
// other locales are every screen's: lib/page.ts.)
import { t } from '../../i18n';
import type { Block, Page, PageStatus, Template } from '../../api/types';
import { STATUS_PUBLISHED, UNTITLED_LABEL } from '../../lib/page';
import { parseIso } from '../../ui/dateRange/dates';
import type { DateRangeValue } from '../../ui/dateRange/dates';
import { listFromLinks, listSignature } from '../../entities/media/attachments/list';
import { gridFromLinks, gridSignature } from '../../entities/media/images/grid';
import type { Draft } from './types';

export const NEW_PAGE_LABEL = t('editor.newPage');
export const NAME_BLOCK = 'name';
export const PUBLISH_LATER_NOTE = t('editor.publishLater');

type Ancestor = Page['ancestors'][number];
export interface SelectOption {
  label: string;
  value: string;
}

/** Return the template with this name, or the first one. */
export function findTemplate(templates: readonly Template[], name: string): Template {
  const template = templates.find((item) => item.template_name === name) ?? templates[0];
  if (!template) throw new Error('No page templates are configured');
  return template;
}

/** Return a block's value in the locale: a localized block's entry, or a shared block's text. */
export function blockValue(blocks: Page['blocks'], name: string, locale: string): string {
  const value = blocks[name];
  if (typeof value === 'string') return value;
  return value?.[locale] ?? '';
}

/** Return a normalised ISO 8601 string (UTC), or null. */
export function toIso(value: string | Date | null | undefined): string | null {
  const date = value instanceof Date ? value : parseIso(value);
  return date ? date.toISOString() : null;
}

/**
 * Return the draft's date range, or null when it has none: no date is made up for a page
 * nobody gave one (a save would store it). A range with one end only shows it at both ends.
 */
export function datesOf(
  draft: Pick<Draft, 'starts_at' | 'ends_at' | 'all_day'>,
): DateRangeValue | null {
  const startsAt = parseIso(draft.starts_at) ?? parseIso(draft.ends_at);
  if (!startsAt) return null;
  return { startsAt, endsAt: parseIso(draft.ends_at) ?? startsAt, allDay: draft.all_day };
}

/** Set the draft's range; null clears it (and all_day with it, as a save of a page without dates). */
export function withDates(draft: Draft, range: DateRangeValue | null): Draft {
  if (!range) return { ...draft, starts_at: null, ends_at: null, all_day: false };
  return {
    ...draft,
    starts_at: toIso(range.startsAt),
    ends_at: toIso(range.endsAt),
    all_day: range.allDay,
  };
}

/** Return the editable draft of a page in one locale. */
export function draftFromPage(page: Page, locale: string, templates: readonly Template[]): Draft {
  const blocks: Record<string, string> = {};
  for (const name of Object.keys(page.blocks)) blocks[name] = blockValue(page.blocks, name, locale);
  const draft: Draft = {
    template: findTemplate(templates, page.template).template_name,
    blocks,
    status: page.status,
    published_at: toIso(page.published_at),
    starts_at: toIso(page.starts_at),
    ends_at: toIso(page.ends_at),
    all_day: page.all_day,
    pinned: page.pinned,
    feed_enabled: page.feed_enabled,
    news_page: page.news_page,
    skip_index: page.skip_index,
    unique_name: page.unique_name,
    redirect_to: page.redirect_to,
    path_segment: page.path_segment,
    user_id: page.user_id,
    meta_image_id: page.meta_image?.id ?? null,
    parent_page_id: page.parent_page_id,
    tags: { known: [...page.tags_and_suggestions], enabled: [...page.enabled_tags] },
    images: gridFromLinks(page.page_images),
    files: listFromLinks(page.page_files),
    lock_version: page.lock_version,
  };
  return draft;
}

/**
 * Switch the draft's template; values typed for other blocks stay in the draft, and so do the
 * dates (none are made up for a template with dates; the save clears them for one without).
 */
export function changeTemplate(draft: Draft, template: Template): Draft {
  return { ...draft, template: template.template_name };
}

/** Set the status; Published without a date gets the current time. */
export function changeStatus(draft: Draft, status: PageStatus, now: Date): Draft {
  const publishedAt =
    status === STATUS_PUBLISHED && !draft.published_at ? toIso(now) : draft.published_at;
  return { ...draft, status, published_at: publishedAt };
}

/** Whether a Published page's date lies in the future. */
export function publishesLater(draft: Pick<Draft, 'status' | 'published_at'>, now: Date): boolean {
  const date = parseIso(draft.published_at);
  return draft.status === STATUS_PUBLISHED && date !== null && date.getTime() > now.getTime();
}

/** Return the template's content and metadata block names. */
export function templateBlockNames(template: Template): Set<string> {
  return new Set([...template.blocks, ...template.metadata_blocks].map((block) => block.name));
}

/** Return the definition of a block from any template, or a plain text field named after it. */
export function blockDefinition(templates: readonly Template[], name: string): Block {
  for (const template of templates) {
    const block = [...template.blocks, ...template.metadata_blocks].find((b) => b.name === name);
    if (block) return block;
  }
  return {
    name,
    title: name.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase()),
    description: '',
    type: 'text',
    options: [],
    size: 'other',
    class: '',
    placeholder: '',
    localized: true,
  };
}

/**
 * Return the blocks with content outside the template. A block counts while either the saved
 * page or the draft holds text for it, so clearing one does not make it vanish before saving.
 */
export function unconfiguredBlocks(
  template: Template,
  templates: readonly Template[],
  ...sources: Draft['blocks'][]
): Block[] {
  const configured = templateBlockNames(template);
  const names = new Set<string>();
  for (const blocks of sources) {
    for (const [name, value] of Object.entries(blocks)) {
      if (!configured.has(name) && value.trim() !== '') names.add(name);
    }
  }
  return [...names].sort().map((name) => blockDefinition(templates, name));
}

/** Return a select block's options, with the current value added when it is missing. */
export function selectOptions(block: Pick<Block, 'options'>, value: string): SelectOption[] {
  if (block.options.some((option) => option.value === value)) return block.options;
  return [{ label: value === '' ? '—' : value, value }, ...block.options];
}

/** Return the first ancestor (from the top) without a path segment in the locale, if any. */
export function ancestorMissingSegment(
  ancestors: readonly Ancestor[],
  locale: string,
): Ancestor | undefined {
  return ancestors.find((ancestor) => !ancestor.path_segment[locale]);
}

/** Return the name shown in the title and breadcrumb. */
export function pageTitle(id: number | null, name: string): string {
  if (!id) return NEW_PAGE_LABEL;
  return name.trim() || UNTITLED_LABEL;
}

/** A comparable form of a draft: empty block values count as absent. */
function canonical(draft: Draft): string {
  const blocks = Object.entries(draft.blocks)
    .filter(([, value]) => value !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  // An image's texts and crop are saved with the image, not the page: only its links count.
  const images = gridSignature(draft.images);
  const files = listSignature(draft.files);
  return JSON.stringify({ ...draft, blocks, tags: [...draft.tags.enabled].sort(), images, files });
}

/** Whether the draft differs from what was last saved. */
export function isDirty(saved: Draft, draft: Draft): boolean {
  return canonical(saved) !== canonical(draft);
}
