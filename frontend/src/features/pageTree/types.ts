// The tree's own record of a page, converted from the API's shapes by toTreePage (api.ts):
// the page as the tree screen embeds it (position 1-based among siblings; path_segment in
// the current locale, '' when there is none; child_count not counting deleted children),
// with only the name block, as a map of locale to text.
import type { TreeScreenPage } from '../../api/types';

export type TreePage = Omit<TreeScreenPage, 'blocks'> & {
  blocks: { name: Record<string, string> };
};
