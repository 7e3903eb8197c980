// Where each saved attribute is edited: its label and the tab that holds it (null: the
// always-visible sidebar or nowhere on screen).
import { t } from '../../i18n';
import type { Block, Template } from '../../api/types';
import type { ErrorItem, FieldErrors, TabId } from './types';

const PAGE_FIELDS: Record<string, { label: string; tab: TabId | null }> = {
  path_segment: { label: t('editor.field.path_segment'), tab: 'metadata' },
  meta_image_id: { label: t('editor.field.meta_image_id'), tab: 'metadata' },
  starts_at: { label: t('editor.field.starts_at'), tab: 'content' },
  ends_at: { label: t('editor.field.ends_at'), tab: 'content' },
  all_day: { label: t('editor.field.all_day'), tab: 'content' },
  serialized_tags: { label: t('editor.field.serialized_tags'), tab: 'content' },
  status: { label: t('editor.field.status'), tab: null },
  published_at: { label: t('editor.field.published_at'), tab: null },
  template: { label: t('editor.field.template'), tab: null },
  user_id: { label: t('editor.field.user_id'), tab: null },
  unique_name: { label: t('editor.field.unique_name'), tab: null },
  redirect_to: { label: t('editor.field.redirect_to'), tab: null },
  feed_enabled: { label: t('editor.field.feed_enabled'), tab: null },
  news_page: { label: t('editor.field.news_page'), tab: null },
  pinned: { label: t('editor.field.pinned'), tab: null },
  skip_index: { label: t('editor.field.skip_index'), tab: null },
  parent_page_id: { label: t('editor.field.parent_page_id'), tab: null },
  page_images_attributes: { label: t('editor.tab.images'), tab: 'images' },
  page_files_attributes: { label: t('editor.tab.files'), tab: 'files' },
};

/** Return the label and tab of each error, in the order of the answer. */
export function errorItems(
  errors: FieldErrors,
  template: Template,
  unconfigured: readonly Block[],
): ErrorItem[] {
  const places = new Map<string, { label: string; tab: TabId | null }>(Object.entries(PAGE_FIELDS));
  for (const block of template.blocks)
    places.set(block.name, { label: block.title, tab: 'content' });
  for (const block of template.metadata_blocks) {
    places.set(block.name, { label: block.title, tab: 'metadata' });
  }
  for (const block of unconfigured) {
    places.set(block.name, { label: block.title, tab: 'unconfigured-content' });
  }
  return Object.entries(errors).map(([attribute, message]) => ({
    attribute,
    message,
    ...(places.get(attribute) ?? { label: attribute, tab: null }),
  }));
}
