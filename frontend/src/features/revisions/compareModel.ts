// The compare view's model: its changed fields in words (from → to); the blocks are grouped
// by entities/history/diff/blockDiff.ts.
import { t } from '../../i18n';
import type { MessageKey } from '../../i18n';
import { isPageStatus, statusName } from '../../lib/page';
import { formatWhen } from '../../lib/when';
import type { ChangedField } from './types';

/** What the field words need beyond the values: names of templates, authors and locales. */
export interface FieldContext {
  templateName: (name: string) => string;
  authorName: (id: number) => string | null;
  localeName: (code: string) => string;
}

/** A changed field in words: each side's value, and for lists what came and went. */
export interface FieldChange {
  key: string;
  label: string;
  /** The locale it belongs to (a path segment), named; null for the page's own fields. */
  locale: string | null;
  from: string;
  to: string;
  /** For a list (tags, images, files): the items removed and added. */
  removed?: string[];
  added?: string[];
}

const FIELD_LABELS: Record<string, MessageKey> = {
  name: 'revisions.field.name',
  locales: 'revisions.restore.locales',
  template: 'editor.field.template',
  status: 'editor.field.status',
  published_at: 'editor.field.published_at',
  starts_at: 'editor.field.starts_at',
  ends_at: 'editor.field.ends_at',
  all_day: 'editor.field.all_day',
  pinned: 'editor.field.pinned',
  unique_name: 'editor.field.unique_name',
  feed_enabled: 'editor.field.feed_enabled',
  news_page: 'editor.field.news_page',
  user_id: 'editor.field.user_id',
  redirect_to: 'editor.field.redirect_to',
  meta_image_id: 'editor.field.meta_image_id',
  skip_index: 'editor.field.skip_index',
  path_segment: 'editor.field.path_segment',
  tags: 'editor.field.serialized_tags',
  serialized_tags: 'editor.field.serialized_tags',
  images: 'editor.tab.images',
  files: 'editor.tab.files',
};

const DATES = new Set(['published_at', 'starts_at', 'ends_at']);

/** A field's label: the editor's own, or its name in plain words. */
export function fieldLabel(name: string): string {
  const key = FIELD_LABELS[name];
  return key ? t(key) : name.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
}

/** One value in words ("—" for none). */
function valueText(name: string, value: unknown, context: FieldContext): string {
  if (value === null || value === undefined || value === '') return t('revisions.none');
  if (typeof value === 'boolean') return value ? t('revisions.yes') : t('revisions.no');
  if (name === 'status' && isPageStatus(value)) return statusName(value);
  if (name === 'template' && typeof value === 'string') return context.templateName(value);
  if (name === 'user_id' && typeof value === 'number') {
    return context.authorName(value) ?? t('history.userNumber', { id: value });
  }
  if (name === 'meta_image_id' && typeof value === 'number') {
    return t('history.imageNumber', { id: value });
  }
  if (DATES.has(name) && typeof value === 'string') return formatWhen(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** A list field's items in words: tags as they are, images (the main one said) and files. */
function listItems(name: string, value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  return value.map((item: unknown) => {
    if (name === 'images' && Array.isArray(item)) {
      const [id, primary] = item as [unknown, unknown];
      const image = t('history.imageNumber', { id: String(id) });
      return primary ? t('revisions.mainImage', { image }) : image;
    }
    if (name === 'files') return t('history.fileNumber', { id: String(item) });
    return typeof item === 'string' ? item : JSON.stringify(item);
  });
}

/** The changed fields in words, in the order the call gave them. */
export function describeFields(
  fields: readonly ChangedField[],
  context: FieldContext,
): FieldChange[] {
  return fields.map((field) => {
    const base = {
      key: `${field.name}:${field.locale ?? ''}`,
      label: fieldLabel(field.name),
      locale: field.locale === null ? null : context.localeName(field.locale),
    };
    const from = listItems(field.name, field.from);
    const to = listItems(field.name, field.to);
    if (from && to) {
      const none = t('revisions.none');
      return {
        ...base,
        from: from.join(t('history.listSeparator')) || none,
        to: to.join(t('history.listSeparator')) || none,
        removed: from.filter((item) => !to.includes(item)),
        added: to.filter((item) => !from.includes(item)),
      };
    }
    return {
      ...base,
      from: valueText(field.name, field.from, context),
      to: valueText(field.name, field.to, context),
    };
  });
}
