import { describe, expect, it } from 'vitest';
import { mergeChildren, mergeFound, searchMatches } from './merge';
import { buildTree, insertPage, movePage } from './model';
import { treePage } from './test/fixtures';

const keepNone = () => false;
const keep =
  (...ids: number[]) =>
  (id: number) =>
    id < 0 || ids.includes(id);

/** 1 › (2 children not loaded); 3 › 4. */
function partial() {
  return buildTree([
    treePage(1, null, 1, { child_count: 2 }),
    treePage(3, null, 2),
    treePage(4, 3, 1),
  ]);
}

describe('mergeChildren', () => {
  it('lists a node’s children in the server’s order and marks it loaded', () => {
    const model = mergeChildren(partial(), 1, [treePage(6, 1, 2), treePage(5, 1, 1)], keepNone);
    expect(model.children.get(1)).toEqual([5, 6]);
    expect(model.pages.get(6)?.parent_page_id).toBe(1);
    expect(model.loaded.has(1)).toBe(true);
  });

  it('keeps pages with a call on their way beside the neighbours they had', () => {
    // A new page and a page moved there, the first alone, the second after 5.
    let model = insertPage(partial(), treePage(-1, 1, 1), 1, 0);
    model = mergeChildren(model, 1, [treePage(5, 1, 1), treePage(6, 1, 2)], keep());
    expect(model.children.get(1)).toEqual([5, 6, -1]);
    model = movePage(model, 4, 1, 1);
    model = mergeChildren(model, 1, [treePage(5, 1, 1), treePage(6, 1, 2)], keep(4));
    expect(model.children.get(1)).toEqual([5, 4, 6, -1]);
  });

  it('does not pull back a page moved away while the list was read', () => {
    const moved = movePage(mergeChildren(partial(), 1, [treePage(5, 1, 1)], keepNone), 5, 3, 1);
    const model = mergeChildren(moved, 1, [treePage(5, 1, 1)], keep(5));
    expect(model.children.get(1)).toEqual([]);
    expect(model.children.get(3)).toEqual([4, 5]);
  });

  it('takes a page the server moved here out of its old place, and drops pages moved away', () => {
    const model = mergeChildren(partial(), 3, [treePage(1, 3, 1)], keepNone);
    expect(model.children.get(3)).toEqual([1]);
    expect(model.children.get(null)).toEqual([3]);
    expect(model.pages.has(4)).toBe(false);
  });

  it('leaves the tree alone when the node is no longer in it', () => {
    const model = partial();
    expect(mergeChildren(model, 99, [treePage(5, 99, 1)], keepNone)).toBe(model);
  });
});

describe('mergeFound', () => {
  it('places found pages under their ancestors, in any order of the answer', () => {
    const answer = [
      treePage(8, 7, 1),
      treePage(7, 1, 2, { child_count: 3 }),
      treePage(1, null, 1, { child_count: 2 }),
    ];
    const model = mergeFound(partial(), answer, keepNone);
    expect(model.children.get(1)).toEqual([7]);
    expect(model.children.get(7)).toEqual([8]);
    // Found, not loaded: 1 and 7 hold more than the search brought.
    expect(model.loaded.has(1)).toBe(false);
    expect(model.loaded.has(7)).toBe(false);
  });

  it('puts a found page among the known ones by position, and keeps known pages in place', () => {
    let model = mergeFound(partial(), [treePage(6, 1, 3), treePage(1, null, 1)], keepNone);
    model = mergeFound(
      model,
      [treePage(5, 1, 1), treePage(1, null, 1, { blocks: { name: { en: 'Fresh' } } })],
      keepNone,
    );
    expect(model.children.get(1)).toEqual([5, 6]);
    expect(model.children.get(null)).toEqual([1, 3]);
    expect(model.pages.get(1)?.blocks.name.en).toBe('Fresh');
  });

  it('keeps the local record of a page with a call on its way', () => {
    const model = mergeFound(
      partial(),
      [treePage(3, null, 2, { blocks: { name: { en: 'Stale' } } })],
      keep(3),
    );
    expect(model.pages.get(3)?.blocks.name.en).toBe('Page 3');
  });

  it('marks a found node loaded when all its children came with the answer', () => {
    const answer = [treePage(1, null, 1, { child_count: 1 }), treePage(5, 1, 1)];
    expect(mergeFound(partial(), answer, keepNone).loaded.has(1)).toBe(true);
  });
});

describe('searchMatches', () => {
  it('tells the pages found from the ancestors that came with them', () => {
    const answer = [
      treePage(1, null, 1, { blocks: { name: { en: 'Library' } } }),
      treePage(2, 1, 1, { blocks: { name: { en: 'Library history', nb: 'Historie' } } }),
      treePage(3, 2, 1, { blocks: { name: { en: 'Founders', nb: 'Grunnleggere' } } }),
      treePage(4, 2, 2, { blocks: { name: { en: 'Staff', nb: 'HISTORIE i dag' } } }),
    ];
    // 3 is a leaf of the answer (found by a text the client cannot see); 2 and 4 hold the text.
    expect(searchMatches(answer, ' historie ')).toEqual([2, 3, 4]);
  });
});
