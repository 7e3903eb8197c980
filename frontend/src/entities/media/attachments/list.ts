// Pure state rules of the attachments list (spec §2 "Files tab", §3 "Page file link", §4
// "Attachment upload"): files in their order, uploads shown in place until the server answers,
// removed saved links kept in a deleted list for the `_destroy` marker of the saved payload, and
// one attachment at most once on a page.
import type { components } from '../../../api/generated/schema';
import type { UploadPlaceholder } from '../common/useUploads';
import type { AttachmentRecord } from './attachment';

/** A page's link to an attachment as the page answer carries it, with the attachment record. */
export type PageFileLink = components['schemas']['PageFileOut'];

/** One record of the saved payload's `page_files_attributes` (spec §3 "Page file link"). */
export interface PageFileAttribute {
  id?: number;
  attachment_id: number;
  position: number;
  _destroy?: true;
}

export interface ListFile {
  kind: 'file';
  /** Stable across reorders and across an upload turning into its attachment. */
  key: string;
  /** The link's id once saved; null for a file linked since the last save. */
  linkId: number | null;
  /** The saved link's position (the deleted list sends it back). */
  position: number | null;
  attachment: AttachmentRecord;
}

export type ListUpload = UploadPlaceholder;

export type ListItem = ListFile | ListUpload;

/** A saved link removed since the last save: sent with `_destroy`. */
export interface RemovedFile extends ListFile {
  linkId: number;
}

export interface AttachmentListState {
  items: ListItem[];
  /** The deleted list (spec §4). */
  destroyed: RemovedFile[];
}

export const EMPTY_LIST: AttachmentListState = { items: [], destroyed: [] };

/** Return the list of a page's links, by position. */
export function listFromLinks(links: readonly PageFileLink[]): AttachmentListState {
  const items = [...links]
    .sort((a, b) => a.position - b.position)
    .map((link): ListFile => ({
      kind: 'file',
      key: `link-${link.id}`,
      linkId: link.id,
      position: link.position,
      attachment: link.attachment,
    }));
  return { items, destroyed: [] };
}

/** The files of the list (uploads on their way left out), in order. */
export function listFiles(state: AttachmentListState): ListFile[] {
  return state.items.filter((item): item is ListFile => item.kind === 'file');
}

/** The listed file with this attachment, if there is one. */
export function findAttachment(state: AttachmentListState, id: number): ListFile | undefined {
  return listFiles(state).find((item) => item.attachment.id === id);
}

/** Start uploads: they join the end of the list, in the order given. */
export function addUploads(
  state: AttachmentListState,
  uploads: readonly ListUpload[],
): AttachmentListState {
  return { ...state, items: [...state.items, ...uploads] };
}

function mapItems(state: AttachmentListState, change: (item: ListItem) => ListItem | null) {
  const items = state.items.flatMap((item) => {
    const next = change(item);
    return next ? [next] : [];
  });
  return { ...state, items };
}

/** Record an upload's progress (0 to 1). */
export function uploadProgress(state: AttachmentListState, key: string, progress: number) {
  return mapItems(state, (item) =>
    item.kind === 'upload' && item.key === key ? { ...item, progress } : item,
  );
}

export type AddOutcome =
  | { kind: 'added'; state: AttachmentListState }
  | { kind: 'duplicate'; state: AttachmentListState; existing: ListFile };

/**
 * Put the server's attachment in the place of its upload. Should the page already list that
 * attachment, the placeholder goes and the outcome says which file holds it.
 */
export function uploadDone(
  state: AttachmentListState,
  key: string,
  attachment: AttachmentRecord,
): AddOutcome {
  const existing = findAttachment(state, attachment.id);
  if (existing) return { kind: 'duplicate', state: uploadFailed(state, key), existing };
  const next = mapItems(state, (item) =>
    item.kind === 'upload' && item.key === key
      ? { kind: 'file', key, linkId: null, position: null, attachment }
      : item,
  );
  return { kind: 'added', state: next };
}

/** Drop a failed upload's placeholder. */
export function uploadFailed(state: AttachmentListState, key: string): AttachmentListState {
  return mapItems(state, (item) => (item.key === key ? null : item));
}

let addedCount = 0;

/**
 * Add an attachment that exists already (the end of the list); refused when the page lists it
 * (spec: one attachment once on a page). A removed link to it is brought back rather than a
 * second link made.
 */
export function addAttachment(
  state: AttachmentListState,
  attachment: AttachmentRecord,
): AddOutcome {
  const existing = findAttachment(state, attachment.id);
  if (existing) return { kind: 'duplicate', state, existing };
  const removed = state.destroyed.find((item) => item.attachment.id === attachment.id);
  if (removed) return { kind: 'added', state: restoreItem(state, removed.key) };
  const item: ListFile = {
    kind: 'file',
    key: `added-${++addedCount}`,
    linkId: null,
    position: null,
    attachment,
  };
  return { kind: 'added', state: { ...state, items: [...state.items, item] } };
}

/** Remove an item: a saved link moves to the deleted list, anything else is just dropped. */
export function removeItem(state: AttachmentListState, key: string): AttachmentListState {
  const item = state.items.find((candidate) => candidate.key === key);
  if (!item) return state;
  const items = state.items.filter((candidate) => candidate.key !== key);
  if (item.kind === 'upload' || item.linkId === null) return { ...state, items };
  return { items, destroyed: [...state.destroyed, { ...item, linkId: item.linkId }] };
}

/** Take a removed link back out of the deleted list, to the end of the list. */
export function restoreItem(state: AttachmentListState, key: string): AttachmentListState {
  const item = state.destroyed.find((candidate) => candidate.key === key);
  if (!item || findAttachment(state, item.attachment.id)) return state;
  return {
    items: [...state.items, item],
    destroyed: state.destroyed.filter((candidate) => candidate.key !== key),
  };
}

/** Move an item to where another one is (a drop, or a keyboard move). */
export function moveItem(state: AttachmentListState, activeKey: string, overKey: string) {
  const from = state.items.findIndex((item) => item.key === activeKey);
  const to = state.items.findIndex((item) => item.key === overKey);
  if (from < 0 || to < 0 || from === to) return state;
  const items = [...state.items];
  const [moved] = items.splice(from, 1);
  if (moved) items.splice(to, 0, moved);
  return { ...state, items };
}

/** Put a changed attachment record (new names, descriptions or content) in place of the old. */
export function replaceAttachment(
  state: AttachmentListState,
  attachment: AttachmentRecord,
): AttachmentListState {
  const swap = <T extends ListItem>(item: T): T =>
    item.kind === 'file' && item.attachment.id === attachment.id ? { ...item, attachment } : item;
  return { items: state.items.map(swap), destroyed: state.destroyed.map(swap) };
}

/** Whether an upload is still on its way. */
export function isUploading(state: AttachmentListState): boolean {
  return state.items.some((item) => item.kind === 'upload');
}

/** The attachments listed more than once (none, while the rules above are kept). */
export function duplicateAttachments(state: AttachmentListState): AttachmentRecord[] {
  const seen = new Set<number>();
  const twice = new Map<number, AttachmentRecord>();
  for (const { attachment } of listFiles(state)) {
    if (seen.has(attachment.id)) twice.set(attachment.id, attachment);
    seen.add(attachment.id);
  }
  return [...twice.values()];
}

/**
 * The saved payload's `page_files_attributes`: positions 1..n in the list's order, then the
 * deleted list with `_destroy`. Uploads still on their way are not sent, nor a second link to
 * an attachment already listed.
 */
export function fileAttributes(state: AttachmentListState): PageFileAttribute[] {
  const seen = new Set<number>();
  const kept = listFiles(state)
    .filter(({ attachment }) => !seen.has(attachment.id) && Boolean(seen.add(attachment.id)))
    .map((item, index) => ({
      ...(item.linkId === null ? {} : { id: item.linkId }),
      attachment_id: item.attachment.id,
      position: index + 1,
    }));
  const removed = state.destroyed.map((item) => ({
    id: item.linkId,
    attachment_id: item.attachment.id,
    position: item.position ?? 0,
    _destroy: true as const,
  }));
  return [...kept, ...removed];
}

/** What a save would change, for comparing drafts (an attachment's texts are not the page's). */
export function listSignature(state: AttachmentListState): string {
  const items = state.items.map((item) =>
    item.kind === 'upload' ? `u:${item.key}` : `${item.linkId ?? 'new'}:${item.attachment.id}`,
  );
  const removed = state.destroyed.map((item) => item.linkId).sort((a, b) => a - b);
  return `${items.join(',')}|${removed.join(',')}`;
}

/**
 * Carry what a save created into a draft changed while it was on its way: new links get the ids
 * the server gave them, and removals it carried out leave the deleted list.
 */
export function adoptSavedFiles(
  current: AttachmentListState,
  saved: AttachmentListState,
): AttachmentListState {
  const savedFiles = listFiles(saved);
  const linkOf = new Map(savedFiles.map((item) => [item.attachment.id, item]));
  const items = current.items.map((item): ListItem => {
    const link = item.kind === 'file' && item.linkId === null && linkOf.get(item.attachment.id);
    return link ? { ...item, linkId: link.linkId, position: link.position } : item;
  });
  const stillLinked = new Set(savedFiles.map((item) => item.linkId));
  return { items, destroyed: current.destroyed.filter((item) => stillLinked.has(item.linkId)) };
}
