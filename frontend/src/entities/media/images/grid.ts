// Pure state rules of the image grid (spec §2 "Images tab", §3 "Page image link", §4 "Image
// upload"): one primary image plus others, uploads shown in place until the server answers,
// removed links kept for the `_destroy` marker of the saved payload.
import type { components } from '../../../api/generated/schema';
import type { UploadPlaceholder } from '../common/useUploads';
import type { ImageRecord } from './image';

/** A page's link to an image as the page answer carries it, with the image record. */
export type PageImageLink = components['schemas']['PageImageOut'];

/** One record of the saved payload's `page_images_attributes`: a link to keep or add, or a
 * saved link to remove (the server reads only its id). */
export type PageImageAttribute =
  | { id?: number; image_id: number; primary: boolean; position: number }
  | { id: number; _destroy: true };

export interface GridImage {
  kind: 'image';
  /** Stable across reorders and across an upload turning into its image. */
  key: string;
  /** The link's id once saved; null for an image linked since the last save. */
  linkId: number | null;
  image: ImageRecord;
}

export type GridUpload = UploadPlaceholder;

export type GridItem = GridImage | GridUpload;

export interface ImageGridState {
  primary: GridItem | null;
  others: GridItem[];
  /** Ids of saved links removed since: sent with `_destroy`. */
  destroyed: number[];
}

export const EMPTY_GRID: ImageGridState = { primary: null, others: [], destroyed: [] };

/** Return the grid of a page's links: the (first) primary one, the others by position. */
export function gridFromLinks(links: readonly PageImageLink[]): ImageGridState {
  const sorted = [...links].sort((a, b) => a.position - b.position);
  const items = sorted.map((link): GridImage => ({
    kind: 'image',
    key: `link-${link.id}`,
    linkId: link.id,
    image: link.image,
  }));
  const primaryIndex = sorted.findIndex((link) => link.primary);
  if (primaryIndex < 0) return { primary: null, others: items, destroyed: [] };
  return {
    primary: items[primaryIndex] ?? null,
    others: items.filter((_, index) => index !== primaryIndex),
    destroyed: [],
  };
}

/** Every item, the primary first. */
export function gridItems(state: ImageGridState): GridItem[] {
  return state.primary ? [state.primary, ...state.others] : [...state.others];
}

/** Start uploads dropped on the main (primary) image: the first becomes primary, the rest and
 * the former primary are prepended to the others. */
export function dropOnPrimary(
  state: ImageGridState,
  uploads: readonly GridUpload[],
): ImageGridState {
  const [first, ...rest] = uploads;
  if (!first) return state;
  const former = state.primary ? [state.primary] : [];
  return { ...state, primary: first, others: [...rest, ...former, ...state.others] };
}

/** Start uploads added to the other images: prepended, in the order given. */
export function prependUploads(
  state: ImageGridState,
  uploads: readonly GridUpload[],
): ImageGridState {
  return { ...state, others: [...uploads, ...state.others] };
}

function mapItems(state: ImageGridState, change: (item: GridItem) => GridItem | null) {
  const primary = state.primary ? change(state.primary) : null;
  const others = state.others.flatMap((item) => {
    const next = change(item);
    return next ? [next] : [];
  });
  return { ...state, primary, others };
}

/** Record an upload's progress (0 to 1). */
export function uploadProgress(state: ImageGridState, key: string, progress: number) {
  return mapItems(state, (item) =>
    item.kind === 'upload' && item.key === key ? { ...item, progress } : item,
  );
}

/** Put the server's image in the place of its upload. */
export function uploadDone(state: ImageGridState, key: string, image: ImageRecord): ImageGridState {
  return mapItems(state, (item) =>
    item.kind === 'upload' && item.key === key ? { kind: 'image', key, linkId: null, image } : item,
  );
}

/** Drop a failed upload's placeholder. */
export function uploadFailed(state: ImageGridState, key: string): ImageGridState {
  return mapItems(state, (item) => (item.key === key ? null : item));
}

/** Remove an item; a saved link is recorded for deletion on save. */
export function removeItem(state: ImageGridState, key: string): ImageGridState {
  const item = gridItems(state).find((candidate) => candidate.key === key);
  if (!item) return state;
  const next = mapItems(state, (candidate) => (candidate.key === key ? null : candidate));
  const linkId = item.kind === 'image' ? item.linkId : null;
  return linkId === null ? next : { ...next, destroyed: [...next.destroyed, linkId] };
}

/** Make one of the others primary; the former primary takes its place. */
export function makePrimary(state: ImageGridState, key: string): ImageGridState {
  const index = state.others.findIndex((item) => item.key === key);
  const chosen = state.others[index];
  if (!chosen || chosen.kind !== 'image') return state;
  const others = [...state.others];
  if (state.primary) others.splice(index, 1, state.primary);
  else others.splice(index, 1);
  return { ...state, primary: chosen, others };
}

/** Move one of the others to where another one is (a drop, or a keyboard move). */
export function moveItem(state: ImageGridState, activeKey: string, overKey: string) {
  const from = state.others.findIndex((item) => item.key === activeKey);
  const to = state.others.findIndex((item) => item.key === overKey);
  if (from < 0 || to < 0 || from === to) return state;
  const others = [...state.others];
  const [moved] = others.splice(from, 1);
  if (moved) others.splice(to, 0, moved);
  return { ...state, others };
}

/** Put a changed image record (new crop or texts) in place of the old one. */
export function replaceImage(state: ImageGridState, image: ImageRecord): ImageGridState {
  return mapItems(state, (item) =>
    item.kind === 'image' && item.image.id === image.id ? { ...item, image } : item,
  );
}

/** Whether an upload is still on its way. */
export function isUploading(state: ImageGridState): boolean {
  return gridItems(state).some((item) => item.kind === 'upload');
}

/** The saved payload's `page_images_attributes`: positions 1..n with the primary first, then
 * the removed links with `_destroy`. Uploads still on their way are not sent. */
export function imageAttributes(state: ImageGridState): PageImageAttribute[] {
  const images = gridItems(state).filter((item): item is GridImage => item.kind === 'image');
  const kept = images.map((item, index) => ({
    ...(item.linkId === null ? {} : { id: item.linkId }),
    image_id: item.image.id,
    primary: item === state.primary,
    position: index + 1,
  }));
  const removed = state.destroyed.map((id) => ({ id, _destroy: true as const }));
  return [...kept, ...removed];
}

/** What a save would change, for comparing drafts (image texts and crops are not the page's). */
export function gridSignature(state: ImageGridState): string {
  const item = (entry: GridItem) =>
    entry.kind === 'upload' ? `u:${entry.key}` : `${entry.linkId ?? 'new'}:${entry.image.id}`;
  const primary = state.primary ? item(state.primary) : '-';
  return [primary, state.others.map(item).join(','), [...state.destroyed].sort().join(',')].join(
    '|',
  );
}

/**
 * Carry what a save created into a draft changed while it was on its way: new links get the ids
 * the server gave them, and removals it carried out are no longer pending.
 */
export function adoptSavedLinks(current: ImageGridState, saved: ImageGridState): ImageGridState {
  const savedItems = gridItems(saved).filter((item): item is GridImage => item.kind === 'image');
  const linkOf = new Map(savedItems.map((item) => [item.image.id, item.linkId]));
  const adopted = mapItems(current, (item) =>
    item.kind === 'image' && item.linkId === null && linkOf.has(item.image.id)
      ? { ...item, linkId: linkOf.get(item.image.id) ?? null }
      : item,
  );
  const stillLinked = new Set(savedItems.map((item) => item.linkId));
  return { ...adopted, destroyed: adopted.destroyed.filter((id) => stillLinked.has(id)) };
}
