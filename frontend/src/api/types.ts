// Named aliases over the generated OpenAPI types: the only place that knows
// the backend's schema names, so a rename there is a one-line change here.
import type { components } from './generated/schema';

type Schemas = components['schemas'];

export type Page = Schemas['PageOut'];
export type Template = Schemas['TemplateOut'];
export type Block = Schemas['BlockOut'];
export type ApiError = Schemas['ErrorOut'];
export type MoveRequest = Schemas['MoveIn'];

/** The fields of a tree-list page the page tree uses (the server sends the whole Page shape). */
export type TreePageOut = Pick<
  Schemas['TreePageOut'],
  | 'id'
  | 'parent_page_id'
  | 'position'
  | 'status'
  | 'published_at'
  | 'pinned'
  | 'news_page'
  | 'template'
  | 'path_segment'
  | 'blocks'
  | 'urls'
  | 'permissions'
  | 'lock_version'
  | 'child_count'
>;
