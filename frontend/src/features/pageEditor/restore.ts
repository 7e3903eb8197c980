// A save's payload put back into the form: the working copy restored (issue 20). The reverse of
// payload.ts; what a payload names by id only (images, files, the sharing image) is looked up
// among the records the form already has, else in `media`, and left out when it is gone.
import type { PageStatus } from '../../api/types';
import { api } from '../../api/client';
import { HttpError } from '../../lib/http';
import type { AttachmentRecord } from '../../entities/media/attachments/attachment';
import { listFiles } from '../../entities/media/attachments/list';
import type {
  AttachmentListState,
  ListFile,
  RemovedFile,
} from '../../entities/media/attachments/list';
import { gridItems } from '../../entities/media/images/grid';
import type { GridImage, ImageGridState } from '../../entities/media/images/grid';
import type { ImageRecord } from '../../entities/media/images/image';
import { uniqueTags } from '../../entities/tags/tags';
import type { Draft, PageField } from './types';

/** Records the payload names that the form does not hold, by id. */
export interface MediaRecords {
  images: ReadonlyMap<number, ImageRecord>;
  attachments: ReadonlyMap<number, AttachmentRecord>;
}

export interface RestoredDraft {
  draft: Draft;
  /** The sharing image's record, when the payload names another one than the form. */
  metaImage: ImageRecord | null;
  /** Images and files the payload links that no longer exist (left out). */
  missing: number;
}

type Fields = Record<string, unknown>;

/**
 * The payload's fields that are not blocks: every field of the generated `PageFieldsIn` (the
 * type check fails when one is missing here or is no longer there), and the form's method.
 */
const fieldNames = {
  all_day: true,
  starts_at: true,
  ends_at: true,
  status: true,
  published_at: true,
  pinned: true,
  template: true,
  unique_name: true,
  feed_enabled: true,
  news_page: true,
  user_id: true,
  redirect_to: true,
  serialized_tags: true,
  path_segment: true,
  meta_image_id: true,
  parent_page_id: true,
  skip_index: true,
  lock_version: true,
  page_images_attributes: true,
  page_files_attributes: true,
  position: true,
} satisfies Record<PageField, true>;
export const PAGE_FIELDS: ReadonlySet<string> = new Set([...Object.keys(fieldNames), '_method']);

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isId = (value: unknown): value is number => Number.isSafeInteger(value);
const isIdOrNull = (value: unknown): value is number | null => value === null || isId(value);
const isDateOrNull = (value: unknown): value is string | null =>
  value === null || (isString(value) && !Number.isNaN(Date.parse(value)));
const isStatus = (value: unknown): value is PageStatus => isId(value) && value >= 0 && value <= 4;
const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field of the payload when it has the right type, else the form's own. */
function pick<K extends keyof Draft>(
  page: Fields,
  base: Draft,
  key: K,
  check: (value: unknown) => value is Draft[K],
): Draft[K] {
  return check(page[key]) ? page[key] : base[key];
}

function tagsOf(page: Fields, base: Draft): Draft['tags'] {
  const text = page.serialized_tags;
  if (!isString(text)) return base.tags;
  let enabled: unknown;
  try {
    enabled = JSON.parse(text);
  } catch {
    return base.tags;
  }
  if (!Array.isArray(enabled) || !enabled.every(isString)) return base.tags;
  return { known: uniqueTags([...base.tags.known, ...enabled]), enabled: uniqueTags(enabled) };
}

/** The link attributes of a payload list, ordered by position, the removals apart. */
function links(value: unknown): { kept: Fields[]; destroyed: Fields[] } {
  const entries = Array.isArray(value) ? value.filter(isRecord) : [];
  const kept = entries
    .filter((entry) => entry._destroy !== true)
    .sort((a, b) => Number(a.position) - Number(b.position));
  return { kept, destroyed: entries.filter((entry) => entry._destroy === true) };
}

function imagesOf(page: Fields, base: Draft, media: MediaRecords, gone: Set<string>) {
  if (!Array.isArray(page.page_images_attributes)) return base.images;
  const known = new Map<number, ImageRecord>(media.images);
  for (const item of gridItems(base.images)) {
    if (item.kind === 'image') known.set(item.image.id, item.image);
  }
  const { kept, destroyed } = links(page.page_images_attributes);
  let primary: GridImage | null = null;
  const others: GridImage[] = [];
  for (const entry of kept) {
    const image = isId(entry.image_id) ? known.get(entry.image_id) : undefined;
    if (!image) {
      gone.add(`image:${String(entry.image_id)}`);
      continue;
    }
    const linkId = isId(entry.id) ? entry.id : null;
    const item: GridImage = {
      kind: 'image',
      key: linkId === null ? `restored-${image.id}` : `link-${linkId}`,
      linkId,
      image,
    };
    if (entry.primary === true && !primary) primary = item;
    else others.push(item);
  }
  const removed = destroyed.flatMap((entry) => (isId(entry.id) ? [entry.id] : []));
  return { primary, others, destroyed: removed } satisfies ImageGridState;
}

function filesOf(page: Fields, base: Draft, media: MediaRecords, gone: Set<string>) {
  if (!Array.isArray(page.page_files_attributes)) return base.files;
  const known = new Map<number, AttachmentRecord>(media.attachments);
  const baseFiles = [...listFiles(base.files), ...base.files.destroyed];
  for (const item of baseFiles) known.set(item.attachment.id, item.attachment);
  const positionOf = new Map(baseFiles.map((item) => [item.linkId, item.position]));
  const { kept, destroyed } = links(page.page_files_attributes);
  const fileOf = (entry: Fields): ListFile | null => {
    const attachment = isId(entry.attachment_id) ? known.get(entry.attachment_id) : undefined;
    if (!attachment) return null;
    const linkId = isId(entry.id) ? entry.id : null;
    return {
      kind: 'file',
      key: linkId === null ? `restored-${attachment.id}` : `link-${linkId}`,
      linkId,
      position: positionOf.get(linkId) ?? (isId(entry.position) ? entry.position : null),
      attachment,
    };
  };
  const items: ListFile[] = [];
  for (const entry of kept) {
    const file = fileOf(entry);
    if (file) items.push(file);
    else gone.add(`file:${String(entry.attachment_id)}`);
  }
  const removed = destroyed.flatMap((entry) => {
    const file = fileOf(entry);
    return file && file.linkId !== null ? [file as RemovedFile] : [];
  });
  return { items, destroyed: removed } satisfies AttachmentListState;
}

/** Return the form holding a payload's content, on top of the form as it is (`base`). */
export function draftFromPayload(page: Fields, base: Draft, media: MediaRecords): RestoredDraft {
  const blocks = { ...base.blocks };
  for (const [name, value] of Object.entries(page)) {
    if (!PAGE_FIELDS.has(name) && isString(value)) blocks[name] = value;
  }
  const gone = new Set<string>();
  const metaId = pick(page, base, 'meta_image_id', isIdOrNull);
  const metaImage = metaId === null ? null : (media.images.get(metaId) ?? null);
  // Another sharing image than the form's that is gone is no longer chosen.
  const metaGone = metaId !== null && metaId !== base.meta_image_id && metaImage === null;
  const draft: Draft = {
    template: pick(page, base, 'template', isString),
    blocks,
    status: pick(page, base, 'status', isStatus),
    published_at: pick(page, base, 'published_at', isDateOrNull),
    starts_at: pick(page, base, 'starts_at', isDateOrNull),
    ends_at: pick(page, base, 'ends_at', isDateOrNull),
    all_day: pick(page, base, 'all_day', isBoolean),
    pinned: pick(page, base, 'pinned', isBoolean),
    feed_enabled: pick(page, base, 'feed_enabled', isBoolean),
    news_page: pick(page, base, 'news_page', isBoolean),
    skip_index: pick(page, base, 'skip_index', isBoolean),
    unique_name: pick(page, base, 'unique_name', isString),
    redirect_to: pick(page, base, 'redirect_to', isString),
    path_segment: pick(page, base, 'path_segment', isString),
    user_id: pick(page, base, 'user_id', isIdOrNull),
    meta_image_id: metaGone ? null : metaId,
    parent_page_id: pick(page, base, 'parent_page_id', isIdOrNull),
    tags: tagsOf(page, base),
    images: imagesOf(page, base, media, gone),
    files: filesOf(page, base, media, gone),
    // The version the copy was made from: a save over a newer one is refused (409) and the
    // conflict banner lets the user choose, as for any stale save.
    lock_version: pick(page, base, 'lock_version', isId),
  };
  return { draft, metaImage, missing: gone.size + (metaGone ? 1 : 0) };
}

/** The ids of images and attachments a payload links that the form holds no record of. */
export function unknownMedia(
  page: Fields,
  base: Draft,
): { images: number[]; attachments: number[] } {
  const images = new Set<number>();
  const attachments = new Set<number>();
  const haveImages = new Set(
    gridItems(base.images).flatMap((item) => (item.kind === 'image' ? [item.image.id] : [])),
  );
  const haveFiles = new Set(
    [...listFiles(base.files), ...base.files.destroyed].map((item) => item.attachment.id),
  );
  for (const entry of links(page.page_images_attributes).kept) {
    if (isId(entry.image_id) && !haveImages.has(entry.image_id)) images.add(entry.image_id);
  }
  for (const entry of links(page.page_files_attributes).kept) {
    if (isId(entry.attachment_id) && !haveFiles.has(entry.attachment_id))
      attachments.add(entry.attachment_id);
  }
  // The sharing image's record is kept apart from the grid's: read when it is another one.
  if (isId(page.meta_image_id) && page.meta_image_id !== base.meta_image_id)
    images.add(page.meta_image_id);
  return { images: [...images], attachments: [...attachments] };
}

/**
 * Read the records a payload needs: those that are gone (404) are not in the answer; any other
 * failure rejects, so nothing is left out for want of a network.
 */
export async function loadMedia(ids: {
  images: number[];
  attachments: number[];
}): Promise<MediaRecords> {
  const read = <T extends { id: number }>(request: Promise<T>) =>
    request.catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    });
  const [images, attachments] = await Promise.all([
    Promise.all(
      ids.images.map((id) =>
        read<ImageRecord>(api.get('/admin/images/{image_id}.json', { path: { image_id: id } })),
      ),
    ),
    Promise.all(
      ids.attachments.map((id) =>
        read<AttachmentRecord>(
          api.get('/admin/attachments/{attachment_id}.json', { path: { attachment_id: id } }),
        ),
      ),
    ),
  ]);
  const byId = <T extends { id: number }>(records: (T | null)[]) =>
    new Map(records.flatMap((record) => (record ? [[record.id, record] as const] : [])));
  return { images: byId(images), attachments: byId(attachments) };
}
