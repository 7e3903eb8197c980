// Shapes of the page editor: the editable draft of a page, its errors and tabs. The page's
// fields come from the generated OpenAPI types (PageOut, PageFieldsIn), so a field added to or
// retyped in the API fails the type check here until the editor handles it; its initial data
// is PageEditorScreenData.
import type { Page, PageFieldsIn } from '../../api/types';
import type { AttachmentListState } from '../../entities/media/attachments/list';
import type { ImageGridState } from '../../entities/media/images/grid';
import type { TagState } from '../../entities/tags/tags';

/** The named keys of a type, without its index signature (`PageFieldsIn`'s open blocks). */
type NamedKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};

/** The page's fields a save may send (the blocks are beside them, by name). */
export type PageField = NamedKeys<PageFieldsIn>;

/**
 * The page fields a save sends (payload.ts): all of `PageFieldsIn` but `position` (the tree's
 * moves place a page) and the media links (built from the Images and Files tabs' lists).
 */
export type SavedField = Exclude<
  PageField,
  'position' | 'page_images_attributes' | 'page_files_attributes'
>;

/**
 * Those the draft holds as the page answer (`PageOut`) has them; the others are built from the
 * draft's own parts: `serialized_tags` from `tags`, `meta_image_id` from the page's `meta_image`.
 */
type DraftField = Extract<SavedField, keyof Page>;

/** What the editor changes: the page's fields, with block values for the current locale only. */
export type Draft = Pick<Page, DraftField> & {
  /** Block name -> value in the current locale (a non-localized block's single value). */
  blocks: Record<string, string>;
  meta_image_id: number | null;
  tags: TagState;
  /** The Images tab: the primary image, the others, removed links and uploads on their way. */
  images: ImageGridState;
  /** The Files tab: the attachments in order, removed links and uploads on their way. */
  files: AttachmentListState;
};

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
