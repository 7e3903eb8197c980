// Content search from the tree's search box (issue 22): full text over names and every text
// block in every locale (GET search.json), ranked, each result a plain-text snippet with the
// found words' places in code points, which the results mark.
import type { ContentSearchAnswer } from '../../api/types';
import { api } from '../../api/client';

export type { ContentSearchAnswer, ContentSearchResult } from '../../api/types';

/** The server answers this many results a page. */
export const CONTENT_PAGE_SIZE = 20;
/** Shorter texts (trimmed) are refused by the server: the box says so instead of asking. */
export const MIN_CONTENT_QUERY = 2;

export type SearchContent = (query: string, page: number) => Promise<ContentSearchAnswer>;

export function createContentSearch(locale: string): SearchContent {
  return (query, page) =>
    api.get('/admin/{locale}/search.json', { path: { locale }, query: { q: query, page } });
}

export interface SnippetPart {
  text: string;
  marked: boolean;
}

/**
 * Split a snippet at its highlights ([start, end) in code points, as the server counts them,
 * so a letter outside the Basic Multilingual Plane counts once): the parts in order, the
 * highlighted ones marked. Ranges out of bounds are clipped, reversed or empty ones dropped,
 * overlapping ones joined; the text is never interpreted as markup.
 */
export function snippetParts(
  snippet: string,
  highlights: readonly (readonly number[])[],
): SnippetPart[] {
  const points = Array.from(snippet);
  const ranges = highlights
    .map(([start = 0, end = 0]) => [Math.max(0, start), Math.min(points.length, end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    const from = Math.max(start, at);
    if (end <= from) continue;
    if (from > at) parts.push({ text: points.slice(at, from).join(''), marked: false });
    const last = parts[parts.length - 1];
    const text = points.slice(from, end).join('');
    if (last?.marked && from === at) last.text += text;
    else parts.push({ text, marked: true });
    at = end;
  }
  if (at < points.length) parts.push({ text: points.slice(at).join(''), marked: false });
  return parts;
}
