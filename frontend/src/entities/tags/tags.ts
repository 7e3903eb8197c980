// Tag rules (spec §5): matching ignores case, an existing tag keeps its spelling, no duplicates.
// Limits (DESIGN §3, the server's cms/pages/saving/tags.py): at most 100 tags on a page, each at most
// 100 characters once its spaces are collapsed.

export const MAX_TAGS = 100;
export const MAX_TAG_LENGTH = 100;

export interface TagState {
  /** Every tag offered: the site's known tags plus any added here. */
  known: string[];
  /** The tags this page has, in the spelling of the known tag. */
  enabled: string[];
}

/** Collapse runs of white space and trim, as the server stores names. */
export function cleanTagName(name: string): string {
  return name.split(/\s+/).filter(Boolean).join(' ');
}

/** Return the tag of `list` equal to `name` ignoring case, if any. */
export function findTag(list: readonly string[], name: string): string | undefined {
  const key = cleanTagName(name).toLocaleLowerCase();
  return list.find((tag) => tag.toLocaleLowerCase() === key);
}

/** Drop later names equal to an earlier one ignoring case, keeping the order. */
export function uniqueTags(names: readonly string[]): string[] {
  const result: string[] = [];
  for (const name of names.map(cleanTagName)) {
    if (name && !findTag(result, name)) result.push(name);
  }
  return result;
}

/** Whether the Add button may be used for this input. */
export function canAddTag(input: string): boolean {
  return cleanTagName(input) !== '';
}

/** Its length as the server counts it: letters (code points), not UTF-16 units. */
function tagLength(name: string): number {
  return [...cleanTagName(name)].length;
}

/** Why the typed tag cannot be added, or null when it can (or the page has it already). */
export function addProblem(state: TagState, input: string): 'empty' | 'tooLong' | 'tooMany' | null {
  if (!canAddTag(input)) return 'empty';
  if (tagLength(input) > MAX_TAG_LENGTH) return 'tooLong';
  if (!findTag(state.enabled, input) && state.enabled.length >= MAX_TAGS) return 'tooMany';
  return null;
}

/** Whether the page has as many tags as it may. */
export function atTagLimit(state: TagState): boolean {
  return state.enabled.length >= MAX_TAGS;
}

/** Enable the typed tag, reusing the spelling of a known tag that matches it. */
export function addTag(state: TagState, input: string): TagState {
  if (addProblem(state, input) !== null) return state;
  const name = findTag(state.known, input) ?? findTag(state.enabled, input) ?? cleanTagName(input);
  return {
    known: uniqueTags([...state.known, name]),
    enabled: uniqueTags([...state.enabled, name]),
  };
}

/** Switch a known tag on or off (on only while the page has room for it). */
export function toggleTag(state: TagState, name: string): TagState {
  if (findTag(state.enabled, name)) {
    const key = name.toLocaleLowerCase();
    return { ...state, enabled: state.enabled.filter((tag) => tag.toLocaleLowerCase() !== key) };
  }
  if (atTagLimit(state)) return state;
  return {
    known: uniqueTags([...state.known, name]),
    enabled: uniqueTags([...state.enabled, name]),
  };
}

/** Return the `serialized_tags` payload: a JSON list of the enabled tags. */
export function serializeTags(enabled: readonly string[]): string {
  return JSON.stringify(uniqueTags(enabled));
}

/** Return the known tags that contain the typed text, ignoring case (all of them when empty). */
export function matchingTags(known: readonly string[], input: string): string[] {
  const key = cleanTagName(input).toLocaleLowerCase();
  if (!key) return [...known];
  return known.filter((tag) => tag.toLocaleLowerCase().includes(key));
}
