import { describe, expect, it } from 'vitest';
import { humanSize, nameFromFilename } from './attachment';
import {
  EMPTY_LIST,
  addAttachment,
  addUploads,
  adoptSavedFiles,
  duplicateAttachments,
  fileAttributes,
  isUploading,
  listFromLinks,
  listSignature,
  moveItem,
  removeItem,
  replaceAttachment,
  restoreItem,
  uploadDone,
  uploadFailed,
  uploadProgress,
} from './list';
import type { AttachmentListState, ListItem, ListUpload } from './list';
import { attachmentRecord, fileLink } from './test/fixtures';

const upload = (key: string, filename = `${key}.pdf`): ListUpload => ({
  kind: 'upload',
  key,
  filename,
  progress: 0,
});

const keys = (state: AttachmentListState) => state.items.map((item) => item.key);

describe('the attachments list', () => {
  const saved = listFromLinks([fileLink(12, 3, 2), fileLink(11, 2, 1)]);

  it('reads a page’s links in their order', () => {
    expect(keys(saved)).toEqual(['link-11', 'link-12']);
    expect(fileAttributes(saved)).toEqual([
      { id: 11, attachment_id: 2, position: 1 },
      { id: 12, attachment_id: 3, position: 2 },
    ]);
  });

  it('shows an upload as uploading with its progress, then replaces it by the server’s attachment', () => {
    let state = addUploads(saved, [upload('u1'), upload('u2')]);
    expect(keys(state)).toEqual(['link-11', 'link-12', 'u1', 'u2']);
    expect(isUploading(state)).toBe(true);
    state = uploadProgress(state, 'u1', 0.5);
    expect(state.items[2]).toMatchObject({ kind: 'upload', progress: 0.5 });
    // Uploads on their way are not saved.
    expect(fileAttributes(state)).toHaveLength(2);

    const outcome = uploadDone(state, 'u1', attachmentRecord(9));
    expect(outcome.kind).toBe('added');
    state = outcome.state;
    expect(state.items[2]).toMatchObject({ kind: 'file', key: 'u1', linkId: null });
    state = uploadFailed(state, 'u2');
    expect(keys(state)).toEqual(['link-11', 'link-12', 'u1']);
    expect(isUploading(state)).toBe(false);
    expect(fileAttributes(state)).toEqual([
      { id: 11, attachment_id: 2, position: 1 },
      { id: 12, attachment_id: 3, position: 2 },
      { attachment_id: 9, position: 3 },
    ]);
  });

  it('reorders: positions follow the list', () => {
    const moved = moveItem(saved, 'link-12', 'link-11');
    expect(fileAttributes(moved)).toEqual([
      { id: 12, attachment_id: 3, position: 1 },
      { id: 11, attachment_id: 2, position: 2 },
    ]);
    expect(moveItem(saved, 'link-12', 'nowhere')).toBe(saved);
  });

  it('moves a removed saved link to the deleted list, sent with _destroy', () => {
    const state = removeItem(saved, 'link-11');
    expect(keys(state)).toEqual(['link-12']);
    expect(state.destroyed.map((item) => item.linkId)).toEqual([11]);
    expect(fileAttributes(state)).toEqual([
      { id: 12, attachment_id: 3, position: 1 },
      { id: 11, attachment_id: 2, position: 1, _destroy: true },
    ]);
    const back = restoreItem(state, 'link-11');
    expect(keys(back)).toEqual(['link-12', 'link-11']);
    expect(back.destroyed).toEqual([]);
  });

  it('just drops a removed unsaved file or upload', () => {
    let state = uploadDone(addUploads(EMPTY_LIST, [upload('u1')]), 'u1', attachmentRecord(9)).state;
    state = addUploads(state, [upload('u2')]);
    state = removeItem(removeItem(state, 'u1'), 'u2');
    expect(state).toEqual(EMPTY_LIST);
    expect(fileAttributes(state)).toEqual([]);
  });

  it('refuses the same attachment twice on one page', () => {
    const outcome = addAttachment(saved, attachmentRecord(3));
    expect(outcome.kind).toBe('duplicate');
    expect(outcome.state).toBe(saved);
    if (outcome.kind === 'duplicate') expect(outcome.existing.linkId).toBe(12);

    const added = addAttachment(saved, attachmentRecord(4));
    expect(added.kind).toBe('added');
    expect(fileAttributes(added.state).at(-1)).toEqual({ attachment_id: 4, position: 3 });
    expect(duplicateAttachments(added.state)).toEqual([]);

    // Adding one removed since the save brings its link back rather than making a second.
    const removed = removeItem(saved, 'link-11');
    const again = addAttachment(removed, attachmentRecord(2));
    expect(again.kind).toBe('added');
    expect(fileAttributes(again.state)).toEqual([
      { id: 12, attachment_id: 3, position: 1 },
      { id: 11, attachment_id: 2, position: 2 },
    ]);
  });

  it('never sends a second link to one attachment, and finds such a pair', () => {
    const twice: AttachmentListState = {
      items: [...saved.items, saved.items[0] as ListItem],
      destroyed: [],
    };
    expect(duplicateAttachments(twice).map((attachment) => attachment.id)).toEqual([2]);
    expect(fileAttributes(twice)).toHaveLength(2);
  });

  it('changes the record everywhere it shows, and tells a change of order from a change of text', () => {
    const renamed = replaceAttachment(saved, attachmentRecord(2, { name: { en: 'New' } }));
    expect(renamed.items[0]).toMatchObject({ attachment: { name: { en: 'New' } } });
    expect(listSignature(renamed)).toBe(listSignature(saved));
    expect(listSignature(moveItem(saved, 'link-12', 'link-11'))).not.toBe(listSignature(saved));
  });

  it('adopts the ids a save gave to new links, and forgets removals it carried out', () => {
    let current = uploadDone(addUploads(saved, [upload('u1')]), 'u1', attachmentRecord(9)).state;
    current = removeItem(current, 'link-11');
    const answer = listFromLinks([fileLink(12, 3, 1), fileLink(20, 9, 2)]);
    const adopted = adoptSavedFiles(current, answer);
    expect(fileAttributes(adopted)).toEqual([
      { id: 12, attachment_id: 3, position: 1 },
      { id: 20, attachment_id: 9, position: 2 },
    ]);
  });
});

describe('attachment texts', () => {
  it('names an upload after its filename without extension, underscores turned into spaces', () => {
    expect(nameFromFilename('annual_report_2024.pdf')).toBe('annual report 2024');
    expect(nameFromFilename('notes.v2.txt')).toBe('notes.v2');
    expect(nameFromFilename('README')).toBe('README');
    expect(nameFromFilename('.profile')).toBe('.profile');
  });

  it('writes sizes for people', () => {
    expect(humanSize(1)).toBe('1 byte');
    expect(humanSize(512)).toBe('512 bytes');
    expect(humanSize(1536)).toBe('1.5 KB');
    expect(humanSize(25 * 1024 * 1024)).toBe('25 MB');
  });
});
