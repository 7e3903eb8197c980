// The saved page payload (spec §3 "Saved page payload", §7): block values are plain strings for
// the locale in the address; with dates off the range is cleared and all_day is false.
import type {
  PageFieldsIn,
  PageFileLinkIn as FileLinkIn,
  PageImageLinkIn as ImageLinkIn,
  Template,
} from '../../api/types';
import { fileAttributes } from '../../entities/media/attachments/list';
import { imageAttributes } from '../../entities/media/images/grid';
import { serializeTags } from '../../entities/tags/tags';
import { NAME_BLOCK } from './model';
import type { Draft, SavedField } from './types';

/**
 * A field the server gives a default may be left out (openapi-typescript marks such fields
 * required in the generated input types).
 */
type Defaulted<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
type PageImageLinkIn = Defaulted<ImageLinkIn, '_destroy' | 'primary'>;
type PageFileLinkIn = Defaulted<FileLinkIn, '_destroy'>;

/**
 * The `page` of a save or preview: every saved field present (types.ts's `SavedField`), the
 * media links, block values beside them. `parent_page_id` is among the fields: a move in the
 * tree since the editor opened makes the save stale (409: a move counts as a change), so a save
 * never undoes a move unawares.
 */
export type PageFields = { [K in SavedField]-?: Exclude<PageFieldsIn[K], undefined> } & {
  page_images_attributes: PageImageLinkIn[];
  page_files_attributes: PageFileLinkIn[];
  _method?: 'put';
  /** Block values, keyed by block name. */
  [block: string]: unknown;
};

export interface PagePayload {
  page: PageFields;
}

interface PayloadOptions {
  template: Template;
  /** Blocks outside the template that hold content (the Unconfigured content tab). */
  unconfigured: readonly string[];
  isNew: boolean;
}

/** Return the names of the blocks a save sends, in order and without repeats. */
export function payloadBlockNames(template: Template, unconfigured: readonly string[]): string[] {
  const names = [
    NAME_BLOCK,
    ...template.blocks.map((block) => block.name),
    ...template.metadata_blocks.map((block) => block.name),
    ...unconfigured,
  ];
  return [...new Set(names)];
}

/** Build the `{"page": {...}}` body of a save or a preview. */
export function buildPayload(
  draft: Draft,
  { template, unconfigured, isNew }: PayloadOptions,
): PagePayload {
  const dates = template.dates;
  const page: PageFields = {
    all_day: dates ? draft.all_day : false,
    starts_at: dates ? draft.starts_at : null,
    ends_at: dates ? draft.ends_at : null,
    status: draft.status,
    published_at: draft.published_at,
    pinned: draft.pinned,
    template: template.template_name,
    unique_name: draft.unique_name,
    feed_enabled: draft.feed_enabled,
    news_page: draft.news_page,
    user_id: draft.user_id,
    redirect_to: draft.redirect_to,
    serialized_tags: serializeTags(draft.tags.enabled),
    path_segment: draft.path_segment,
    meta_image_id: draft.meta_image_id,
    parent_page_id: draft.parent_page_id,
    skip_index: draft.skip_index,
    page_images_attributes: imageAttributes(draft.images),
    page_files_attributes: fileAttributes(draft.files),
    lock_version: draft.lock_version,
  };
  for (const name of payloadBlockNames(template, unconfigured)) {
    page[name] = draft.blocks[name] ?? '';
  }
  if (!isNew) page._method = 'put';
  return { page };
}
