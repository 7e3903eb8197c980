// Embed codes with pages_core's options (issue 31, item 3): what the editor's embed helper writes.
// The server reads them by the same rules (backend/cms/core/embed_codes.py) and drops whatever
// breaks one; the helper says so before the code is copied.

/** The box a picture fits in: the server clamps each side to this. */
export const MAX_BOX = 4000;
export const MAX_CLASSES = 8;
export const MAX_IDS = 50;

export interface ImageEmbedOptions {
  /** Pixels; '' (or 0) leaves that side free. */
  width: string;
  height: string;
  cssClass: string;
  link: string;
}

export const NO_OPTIONS: ImageEmbedOptions = { width: '', height: '', cssClass: '', link: '' };

/** A side of the box as the code writes it: ASCII digits, clamped to 1..MAX_BOX; '' for none. */
export function boxSide(value: string): string {
  const trimmed = value.trim();
  if (!/^[0-9]{1,9}$/.test(trimmed)) return '';
  const number = Math.min(Number(trimmed), MAX_BOX);
  return number > 0 ? String(number) : '';
}

/** The classes the server keeps: letters, digits and dashes, each once, at most MAX_CLASSES. */
export function keptClasses(value: string): string[] {
  const names = value.split(/\s+/).filter((name) => /^[A-Za-z0-9-]{1,64}$/.test(name));
  return [...new Set(names)].slice(0, MAX_CLASSES);
}

/** The link the server keeps: http(s) with a host, mailto, or a site path ('/…', not '//…'). */
export function keptLink(value: string): string {
  const link = value.trim();
  if (!link || link.length > 2000) return '';
  // Whitespace, controls and backslashes fool browsers; <, > and " are no URL's (as the server).
  if ([...link].some((char) => char <= ' ' || (char >= '\u007f' && char <= '\u009f'))) return '';
  if (/[\\<>"]/.test(link)) return '';
  if (link.startsWith('/')) return link.startsWith('//') ? '' : link;
  if (/^mailto:./i.test(link)) return link;
  if (/^https?:\/\/[^/?#@:]/i.test(link)) {
    try {
      return new URL(link).hostname ? link : '';
    } catch {
      return '';
    }
  }
  return '';
}

/** Which of the options the server would drop (to say so beside the field). */
export function droppedOptions(options: ImageEmbedOptions): (keyof ImageEmbedOptions)[] {
  const dropped: (keyof ImageEmbedOptions)[] = [];
  if (options.width.trim() && !boxSide(options.width)) dropped.push('width');
  if (options.height.trim() && !boxSide(options.height)) dropped.push('height');
  if (keptClasses(options.cssClass).length !== options.cssClass.split(/\s+/).filter(Boolean).length)
    dropped.push('cssClass');
  if (options.link.trim() && !keptLink(options.link)) dropped.push('link');
  return dropped;
}

/** `[image:7 size="400x300" class="wide" link="/en/about"]`: only the options that hold. */
export function imageEmbedCode(id: number, options: ImageEmbedOptions = NO_OPTIONS): string {
  const parts = [`image:${id}`];
  const width = boxSide(options.width);
  const height = boxSide(options.height);
  if (width || height) parts.push(`size="${width}x${height}"`);
  const classes = keptClasses(options.cssClass);
  if (classes.length) parts.push(`class="${classes.join(' ')}"`);
  const link = keptLink(options.link);
  if (link) parts.push(`link="${link}"`);
  return `[${parts.join(' ')}]`;
}

/** `[attachment:1,2,3]`: several files as one list, each once, in order (at most MAX_IDS). */
export function attachmentsEmbedCode(ids: readonly number[]): string {
  const unique = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  return `[attachment:${unique.slice(0, MAX_IDS).join(',')}]`;
}
