// Where each saved attribute is edited: its label and the tab that holds it (null: the
// always-visible sidebar or nowhere on screen).
import { t } from '../../i18n';
import type { Block, Template } from '../../api/types';
import { blockDefinition } from './model';
import type { ErrorItem, FieldErrors, TabId } from './types';

interface Place {
  label: string;
  tab: TabId | null;
  /** The id of the element that holds the field (null: nowhere on screen). */
  field: string | null;
}

const PAGE_FIELDS: Record<string, Place> = {
  path_segment: { label: t('editor.field.path_segment'), tab: 'metadata', field: 'path_segment' },
  meta_image_id: {
    label: t('editor.field.meta_image_id'),
    tab: 'metadata',
    field: 'social-image',
  },
  starts_at: { label: t('editor.field.starts_at'), tab: 'content', field: 'dates-starts' },
  ends_at: { label: t('editor.field.ends_at'), tab: 'content', field: 'dates-ends' },
  all_day: { label: t('editor.field.all_day'), tab: 'content', field: 'dates-all-day' },
  serialized_tags: { label: t('editor.field.serialized_tags'), tab: 'content', field: 'tags' },
  status: { label: t('editor.field.status'), tab: null, field: 'status' },
  published_at: { label: t('editor.field.published_at'), tab: null, field: 'published_at' },
  template: { label: t('editor.field.template'), tab: null, field: 'template' },
  user_id: { label: t('editor.field.user_id'), tab: null, field: 'user_id' },
  unique_name: { label: t('editor.field.unique_name'), tab: null, field: 'unique_name' },
  redirect_to: { label: t('editor.field.redirect_to'), tab: null, field: 'redirect_to' },
  feed_enabled: { label: t('editor.field.feed_enabled'), tab: null, field: 'flag-feed_enabled' },
  news_page: { label: t('editor.field.news_page'), tab: null, field: 'flag-news_page' },
  pinned: { label: t('editor.field.pinned'), tab: null, field: 'flag-pinned' },
  skip_index: { label: t('editor.field.skip_index'), tab: null, field: 'flag-skip_index' },
  // The editor never moves a page: its parent has no field here.
  parent_page_id: { label: t('editor.field.parent_page_id'), tab: null, field: null },
  page_images_attributes: { label: t('editor.tab.images'), tab: 'images', field: 'images-tab' },
  page_files_attributes: { label: t('editor.tab.files'), tab: 'files', field: 'files-heading' },
};

/** Return the label, tab and element of each error, in the order of the answer. */
export function errorItems(
  errors: FieldErrors,
  template: Template,
  unconfigured: readonly Block[],
): ErrorItem[] {
  const places = new Map<string, Place>(Object.entries(PAGE_FIELDS));
  const blockPlace = (block: Block, tab: TabId): Place => ({
    label: block.title,
    tab,
    field: blockElementId(block.name),
  });
  for (const block of template.blocks) places.set(block.name, blockPlace(block, 'content'));
  for (const block of template.metadata_blocks) {
    places.set(block.name, blockPlace(block, 'metadata'));
  }
  for (const block of unconfigured) {
    places.set(block.name, blockPlace(block, 'unconfigured-content'));
  }
  return Object.entries(errors).map(([attribute, message]) => ({
    attribute,
    message,
    ...(places.get(attribute) ?? { label: attribute, tab: null, field: null }),
  }));
}

/** The label of a saved attribute: a page field's, else its block's title in any template. */
export function attributeLabel(attribute: string, templates: readonly Template[]): string {
  return PAGE_FIELDS[attribute]?.label ?? blockDefinition(templates, attribute).title;
}

/** The id of a block's field (BlockField). */
export function blockElementId(name: string): string {
  return `block-${name}`;
}

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]';

/**
 * Put the focus on a field: the element itself when it takes the focus, else its first
 * control (a group of selects, a list of images). True when something took it.
 */
export function focusField(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const control = element.matches(FOCUSABLE)
    ? element
    : element.querySelector<HTMLElement>(FOCUSABLE);
  const target = control ?? element;
  if (!control) target.setAttribute('tabindex', '-1');
  target.focus();
  return document.activeElement === target;
}
