// The tree's own record of a page, converted from the API's shapes by toTreePage (api.ts).
import type { PagePermission, PageStatus } from '../../api/types';

export interface TreePage {
  id: number;
  parent_page_id: number | null;
  /** 1-based among siblings. */
  position: number;
  status: PageStatus;
  published_at: string | null;
  pinned: boolean;
  news_page: boolean;
  template: string;
  /** In the current locale; '' when there is none. */
  path_segment: string;
  blocks: { name: Record<string, string> };
  urls: Record<string, string>;
  permissions: PagePermission[];
  lock_version: number;
  /**
   * How many children the server shows under the page (deleted ones not counted): what a
   * node whose children are not loaded yet says it holds.
   */
  child_count: number;
}
