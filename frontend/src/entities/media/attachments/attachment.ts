// An attachment (spec §3 "Attachment") and what every screen shows of it: its name in a locale,
// its size for people, the name an upload starts with (spec §7) and its embed code (spec §9).
import type { components } from '../../../api/generated/schema';
import { language, t } from '../../../i18n';

export type AttachmentRecord = components['schemas']['AttachmentOut'];

/** The embed code of an attachment (spec §9). */
export function embedCode(id: number): string {
  return `[attachment:${id}]`;
}

/**
 * The name an upload is given in every locale (spec §7): the filename without its extension,
 * underscores turned into spaces ('annual_report.2024.pdf' -> 'annual report.2024').
 */
export function nameFromFilename(filename: string): string {
  const base = filename.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return stem.replace(/_/g, ' ').trim();
}

/** The name in the locale; the filename when it has none there. */
export function attachmentLabel(
  attachment: Pick<AttachmentRecord, 'name' | 'filename'>,
  locale: string,
): string {
  return attachment.name[locale]?.trim() || attachment.filename;
}

const UNITS = ['size.kb', 'size.mb', 'size.gb'] as const;

/** A size for people: '512 bytes', '1.5 KB', '12 MB' (1024 a step; Western digits). */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return t('size.bytes', { count: bytes });
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const format = new Intl.NumberFormat(`${language()}-u-nu-latn`, {
    maximumFractionDigits: value < 10 ? 1 : 0,
  });
  return t(UNITS[unit] ?? 'size.gb', { size: format.format(value) });
}

/** A short type for people: 'PDF', 'PNG', 'TXT' from the filename, else the media type. */
export function fileKind(attachment: Pick<AttachmentRecord, 'filename' | 'content_type'>): string {
  const dot = attachment.filename.lastIndexOf('.');
  const extension = dot > 0 ? attachment.filename.slice(dot + 1) : '';
  return /^[a-z0-9]{1,5}$/i.test(extension) ? extension.toUpperCase() : attachment.content_type;
}
