// Markdown editing helpers of the rich text area (spec §5): bold and italic wrap the selection;
// the link tool strips the host of links to this site over https, keeping path, query and fragment.

export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

export type Format = 'bold' | 'italic';

export const FORMAT_MARKERS: Record<Format, string> = { bold: '**', italic: '_' };

/** Wrap the selection in `marker`, or unwrap it when it is already wrapped. */
export function toggleWrap(value: string, start: number, end: number, marker: string): TextEdit {
  const before = value.slice(0, start);
  const selected = value.slice(start, end);
  const after = value.slice(end);
  const size = marker.length;
  if (before.endsWith(marker) && after.startsWith(marker)) {
    return {
      value: before.slice(0, -size) + selected + after.slice(size),
      selectionStart: start - size,
      selectionEnd: end - size,
    };
  }
  if (selected.length >= 2 * size && selected.startsWith(marker) && selected.endsWith(marker)) {
    const inner = selected.slice(size, -size);
    return {
      value: before + inner + after,
      selectionStart: start,
      selectionEnd: start + inner.length,
    };
  }
  return {
    value: before + marker + selected + marker + after,
    selectionStart: start + size,
    selectionEnd: end + size,
  };
}

/** Return the format a key press asks for: Ctrl/Cmd+B bold, Ctrl/Cmd+I italic. */
export function shortcutFormat(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): Format | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'b') return 'bold';
  if (key === 'i') return 'italic';
  return null;
}

/** Return the link as a site-relative path when it is an https link to `host`. */
export function stripSameHost(href: string, host: string): string {
  const trimmed = href.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return trimmed;
  }
  if (url.protocol !== 'https:' || url.host.toLowerCase() !== host.toLowerCase()) return trimmed;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Turn the selection into a Markdown link to `href`; the link text is selected afterwards. */
export function insertLink(value: string, start: number, end: number, href: string): TextEdit {
  const text = value.slice(start, end) || href;
  const link = `[${text}](${href})`;
  return {
    value: value.slice(0, start) + link + value.slice(end),
    selectionStart: start + 1,
    selectionEnd: start + 1 + text.length,
  };
}

/** Whether a block's CSS class asks for the rich text toolbar, and which tools. */
export function richTextMode(cssClass: string): 'none' | 'simple' | 'full' {
  if (!cssClass.includes('rich')) return 'none';
  return cssClass.includes('simple') ? 'simple' : 'full';
}
