// The tag editor's call (issue 18, item 2): a page record suggests a bounded number of tags;
// more come by prefix from GET /admin/tags.json?q=PREFIX (at most 20, whatever the case).
import { api } from '../../api/client';

/** Ask for the tags starting with `prefix`; `signal` calls a request the typing overtook off. */
export type TagSuggester = (prefix: string, signal: AbortSignal) => Promise<string[]>;

export const suggestTags: TagSuggester = async (prefix, signal) => {
  const answer = await api.get('/admin/tags.json', { query: { q: prefix } }, { signal });
  return answer.tags;
};
