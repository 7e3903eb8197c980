// Addresses of the editor: the page in a locale with the current tab in the fragment.
import type { TabId } from './types';

/** Return the editor address of a page (or of a new page under `parentId`) in a locale. */
export function editorUrl(
  locale: string,
  id: number | null,
  parentId: number | null,
  tab: TabId | null = null,
): string {
  const base = `/admin/${encodeURIComponent(locale)}/pages`;
  const fragment = tab ? `#${tab}` : '';
  if (id) return `${base}/${id}/edit${fragment}`;
  return parentId === null ? `${base}/new${fragment}` : `${base}/new?parent=${parentId}${fragment}`;
}

/** Return the address of another page's metadata tab. */
export function metadataUrl(locale: string, id: number): string {
  return editorUrl(locale, id, null, 'metadata');
}
