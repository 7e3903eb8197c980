import { describe, expect, it } from 'vitest';
import {
  EMPTY_GRID,
  adoptSavedLinks,
  dropOnPrimary,
  gridFromLinks,
  gridItems,
  gridSignature,
  imageAttributes,
  makePrimary,
  moveItem,
  prependUploads,
  removeItem,
  replaceImage,
  uploadDone,
  uploadFailed,
  uploadProgress,
} from './grid';
import type { GridUpload, ImageGridState } from './grid';
import { imageRecord } from './test/fixtures';

const upload = (key: string): GridUpload => ({
  kind: 'upload',
  key,
  filename: `${key}.png`,
  progress: 0,
});
const keys = (state: ImageGridState) => ({
  primary: state.primary?.key ?? null,
  others: state.others.map((item) => item.key),
});

const saved = gridFromLinks([
  { id: 12, image_id: 2, primary: false, position: 2, image: imageRecord(2) },
  { id: 11, image_id: 1, primary: true, position: 1, image: imageRecord(1) },
  { id: 13, image_id: 3, primary: false, position: 3, image: imageRecord(3) },
]);

describe('the grid of a page', () => {
  it('holds the primary link apart and the others by position', () => {
    expect(keys(saved)).toEqual({ primary: 'link-11', others: ['link-12', 'link-13'] });
  });

  it('has no primary when no link is primary', () => {
    const grid = gridFromLinks([
      { id: 1, image_id: 4, primary: false, position: 1, image: imageRecord(4) },
    ]);
    expect(grid.primary).toBeNull();
    expect(grid.others[0]).toMatchObject({ linkId: 1, image: { id: 4 } });
  });
});

describe('uploads', () => {
  it('dropped on the main image: the first becomes primary, the rest and the former primary are prepended', () => {
    const next = dropOnPrimary(saved, [upload('a'), upload('b'), upload('c')]);
    expect(keys(next)).toEqual({
      primary: 'a',
      others: ['b', 'c', 'link-11', 'link-12', 'link-13'],
    });
  });

  it('added to the others are prepended in order', () => {
    expect(keys(prependUploads(saved, [upload('a'), upload('b')])).others).toEqual([
      'a',
      'b',
      'link-12',
      'link-13',
    ]);
  });

  it('show progress, then become the image in the same place', () => {
    let grid = dropOnPrimary(EMPTY_GRID, [upload('a'), upload('b')]);
    grid = uploadProgress(grid, 'b', 0.5);
    expect(grid.others[0]).toMatchObject({ kind: 'upload', progress: 0.5 });
    grid = uploadDone(grid, 'a', imageRecord(7));
    expect(grid.primary).toEqual({ kind: 'image', key: 'a', linkId: null, image: imageRecord(7) });
  });

  it('that fail leave no placeholder', () => {
    const grid = uploadFailed(dropOnPrimary(saved, [upload('a'), upload('b')]), 'b');
    expect(keys(grid).others).toEqual(['link-11', 'link-12', 'link-13']);
    expect(uploadFailed(grid, 'a').primary).toBeNull();
  });
});

describe('removing, choosing the primary and reordering', () => {
  it('records a saved link for deletion, and simply drops a new one', () => {
    const removed = removeItem(saved, 'link-12');
    expect(keys(removed).others).toEqual(['link-13']);
    expect(removed.destroyed).toEqual([12]);
    const fresh = uploadDone(prependUploads(saved, [upload('a')]), 'a', imageRecord(9));
    expect(removeItem(fresh, 'a').destroyed).toEqual([]);
    expect(removeItem(saved, 'link-11').primary).toBeNull();
  });

  it('makes an image primary, the former primary taking its place', () => {
    expect(keys(makePrimary(saved, 'link-13'))).toEqual({
      primary: 'link-13',
      others: ['link-12', 'link-11'],
    });
    const noPrimary = removeItem(saved, 'link-11');
    expect(keys(makePrimary(noPrimary, 'link-13'))).toEqual({
      primary: 'link-13',
      others: ['link-12'],
    });
  });

  it('does not make an upload on its way primary', () => {
    const grid = prependUploads(saved, [upload('a')]);
    expect(makePrimary(grid, 'a')).toBe(grid);
  });

  it('moves one of the others to another’s place', () => {
    const grid = prependUploads(saved, [upload('a')]);
    expect(keys(moveItem(grid, 'a', 'link-13')).others).toEqual(['link-12', 'link-13', 'a']);
    expect(keys(moveItem(grid, 'link-13', 'a')).others).toEqual(['link-13', 'a', 'link-12']);
  });

  it('updates an image’s record wherever it shows', () => {
    const changed = imageRecord(3, { alternative: { en: 'New' } });
    const grid = replaceImage(saved, changed);
    expect(gridItems(grid)[2]).toMatchObject({ image: changed });
  });
});

describe('the saved payload', () => {
  it('numbers the links with the primary first, sends removals with _destroy and skips uploads', () => {
    let grid = removeItem(saved, 'link-12');
    grid = prependUploads(grid, [upload('x'), upload('y')]);
    grid = uploadDone(grid, 'y', imageRecord(8));
    grid = makePrimary(grid, 'link-13');
    expect(imageAttributes(grid)).toEqual([
      { id: 13, image_id: 3, primary: true, position: 1 },
      { image_id: 8, primary: false, position: 2 },
      { id: 11, image_id: 1, primary: false, position: 3 },
      { id: 12, _destroy: true },
    ]);
  });

  it('changes its signature with the links, not with image texts', () => {
    const signature = gridSignature(saved);
    expect(gridSignature(replaceImage(saved, imageRecord(1, { caption: { en: 'x' } })))).toBe(
      signature,
    );
    expect(gridSignature(makePrimary(saved, 'link-12'))).not.toBe(signature);
    expect(gridSignature(prependUploads(saved, [upload('a')]))).not.toBe(signature);
  });

  it('adopts the ids a save gave while the draft kept changing', () => {
    const sent = uploadDone(
      prependUploads(removeItem(saved, 'link-13'), [upload('a')]),
      'a',
      imageRecord(5),
    );
    const during = removeItem(prependUploads(sent, [upload('b')]), 'link-12');
    const answer = gridFromLinks([
      { id: 11, image_id: 1, primary: true, position: 1, image: imageRecord(1) },
      { id: 20, image_id: 5, primary: false, position: 2, image: imageRecord(5) },
      { id: 12, image_id: 2, primary: false, position: 3, image: imageRecord(2) },
    ]);
    const adopted = adoptSavedLinks(during, answer);
    expect(adopted.others.map((item) => (item.kind === 'image' ? item.linkId : item.key))).toEqual([
      'b',
      20,
    ]);
    expect(adopted.destroyed).toEqual([12]);
  });
});
