// Shapes of the page editor: the editable draft of a page, its errors and tabs. (Its initial
// data is PageEditorScreenData, generated from the OpenAPI document.)
import type { Page, PageStatus } from '../../api/types';
import type { AttachmentListState } from '../../entities/media/attachments/list';
import type { ImageGridState } from '../../entities/media/images/grid';
import type { TagState } from '../../entities/tags/tags';

/** What the editor changes: the page's fields, with block values for the current locale only. */
export interface Draft {
  template: string;
  /** Block name -> value in the current locale (a non-localized block's single value). */
  blocks: Record<string, string>;
  status: PageStatus;
  published_at: string | null;
  starts_at: string | null;
  ends_at: string | null;
  all_day: boolean;
  pinned: boolean;
  feed_enabled: boolean;
  news_page: boolean;
  skip_index: boolean;
  unique_name: string;
  redirect_to: string;
  path_segment: string;
  user_id: number | null;
  meta_image_id: number | null;
  parent_page_id: number | null;
  tags: TagState;
  /** The Images tab: the primary image, the others, removed links and uploads on their way. */
  images: ImageGridState;
  /** The Files tab: the attachments in order, removed links and uploads on their way. */
  files: AttachmentListState;
  lock_version: number;
}

/** The social sharing image: an image record. */
export type MetaImage = NonNullable<Page['meta_image']>;

/** Attribute -> the message shown beside its label. */
export type FieldErrors = Record<string, string>;

export type TabId = 'content' | 'images' | 'files' | 'metadata' | 'unconfigured-content';

/** A field error with where to find the field (null: the sidebar, or not on screen). */
export interface ErrorItem {
  attribute: string;
  label: string;
  message: string;
  tab: TabId | null;
  /** The id of the element holding the field (null: it has none on screen). */
  field: string | null;
}
