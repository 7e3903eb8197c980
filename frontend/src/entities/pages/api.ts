// Finding a page by its name, for the screens that put pages under another (a restore from the
// deleted pages, a bulk move): GET pages.json?q=, which answers the matches with their ancestors.
import { api } from '../../api/client';
import { displayName } from '../../lib/page';

/** A page a picker offers: its id and name in the locale. */
export interface ParentChoice {
  id: number;
  name: string;
}

/** How many pages a search offers. */
const CHOICES = 10;

/** The pages whose name in the locale (or its fallback) contains `q`, at most ten. */
export async function findParentPages(locale: string, q: string): Promise<ParentChoice[]> {
  const found = await api.get('/admin/{locale}/pages.json', { path: { locale }, query: { q } });
  const wanted = q.toLocaleLowerCase();
  // The ancestors came along to place the matches in a tree: only the matches are offered.
  return found
    .map((page) => ({ id: page.id ?? 0, name: displayName(page.blocks.name, locale) }))
    .filter((choice) => choice.id > 0 && choice.name.toLocaleLowerCase().includes(wanted))
    .slice(0, CHOICES);
}
