// The saved page payload (spec §3 "Saved page payload", §7): block values are plain strings for
// the locale in the address; with dates off the range is cleared and all_day is false.
import type { Template } from '../../api/types';
import { fileAttributes } from '../../ui/attachments/list';
import { imageAttributes } from '../../ui/images/grid';
import type { PageImageAttribute } from '../../ui/images/grid';
import { serializeTags } from '../../ui/tagEditor/tags';
import { NAME_BLOCK } from './model';
import type { Draft } from './types';

export interface PageFields {
  all_day: boolean;
  starts_at: string | null;
  ends_at: string | null;
  status: number;
  published_at: string | null;
  pinned: boolean;
  template: string;
  unique_name: string;
  feed_enabled: boolean;
  news_page: boolean;
  user_id: number | null;
  redirect_to: string;
  serialized_tags: string;
  path_segment: string;
  meta_image_id: number | null;
  /**
   * Where the page sits (spec §3). A move in the tree since the editor opened makes the save
   * stale (409: a move counts as a change), so a save never undoes a move unawares.
   */
  parent_page_id: number | null;
  skip_index: boolean;
  page_images_attributes: PageImageAttribute[];
  page_files_attributes: PageFileAttribute[];
  lock_version: number;
  _method?: 'put';
  /** Block values, keyed by block name. */
  [block: string]: string | number | boolean | null | undefined | readonly object[];
}

/** One record of `page_files_attributes` (spec §3 "Page file link"). */
export interface PageFileAttribute {
  id?: number;
  attachment_id: number;
  position: number;
  _destroy?: true;
}

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
