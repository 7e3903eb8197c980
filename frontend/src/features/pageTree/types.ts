// The tree's own record of a page, converted from the API's shapes by toTreePage (api.ts):
// the page as the tree screen embeds it (position 1-based among siblings; path_segment in
// the current locale, '' when there is none; child_count not counting deleted children),
// with only the name block, as a map of locale to text.
import type { TreeScreenPage } from '../../api/types';
import type { TranslationState } from '../../lib/translations';

export type TreePage = Omit<TreeScreenPage, 'blocks' | 'translation'> & {
  blocks: { name: Record<string, string> };
  /** How the page's translations stand, by locale (absent from answers that lack it). */
  translations?: Readonly<Record<string, TranslationState>>;
};
