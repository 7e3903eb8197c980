// Where each saved attribute is edited: its label and the tab that holds it (null: the
// always-visible sidebar or nowhere on screen).
import type { Block, Template } from '../../api/types';
import type { ErrorItem, FieldErrors, TabId } from './types';

const PAGE_FIELDS: Record<string, { label: string; tab: TabId | null }> = {
  path_segment: { label: 'Path segment', tab: 'metadata' },
  meta_image_id: { label: 'Social sharing image', tab: 'metadata' },
  starts_at: { label: 'Starts', tab: 'content' },
  ends_at: { label: 'Ends', tab: 'content' },
  all_day: { label: 'All day', tab: 'content' },
  serialized_tags: { label: 'Tags', tab: 'content' },
  status: { label: 'Status', tab: null },
  published_at: { label: 'Publish date', tab: null },
  template: { label: 'Template', tab: null },
  user_id: { label: 'Author', tab: null },
  unique_name: { label: 'Unique name', tab: null },
  redirect_to: { label: 'Redirect to', tab: null },
  feed_enabled: { label: 'Enable feed', tab: null },
  news_page: { label: 'News page', tab: null },
  pinned: { label: 'Pinned', tab: null },
  skip_index: { label: 'Hide from search engines', tab: null },
  parent_page_id: { label: 'Parent page', tab: null },
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
