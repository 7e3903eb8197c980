import { describe, expect, it, vi } from 'vitest';
import { createPageSelection } from './selection';

const page = (id: number) => ({ id, name: `Page ${id}` });
const rows = [1, 2, 3, 4, 5, 6].map(page);

describe('the page selection', () => {
  it('ticks and unticks a page, and tells its listeners each time', () => {
    const selection = createPageSelection();
    const listener = vi.fn();
    selection.subscribe(listener);
    selection.toggle(page(3));
    expect(selection.has(3)).toBe(true);
    expect(selection.size).toBe(1);
    expect(selection.nameOf(3)).toBe('Page 3');
    selection.toggle(page(3));
    expect(selection.has(3)).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps quiet when nothing changes', () => {
    const selection = createPageSelection();
    selection.setMany([page(1)], true);
    const listener = vi.fn();
    selection.subscribe(listener);
    selection.setMany([page(1)], true);
    selection.setMany([page(2)], false);
    expect(listener).not.toHaveBeenCalled();
  });

  it.each([
    ['down', 2, 5, [2, 3, 4, 5]],
    ['up', 5, 2, [2, 3, 4, 5]],
    ['onto the anchor', 4, 4, []],
  ])('ticks the visible rows from the anchor to a shift-clicked one (%s)', (_, from, to, ids) => {
    const selection = createPageSelection();
    selection.toggle(page(from));
    selection.toggleRange(rows, page(to));
    expect(
      selection
        .pages()
        .map((p) => p.id)
        .sort(),
    ).toEqual(ids);
  });

  it('unticks the range when the shift-clicked box was ticked', () => {
    const selection = createPageSelection();
    selection.setMany(rows, true);
    selection.toggle(page(2));
    selection.toggle(page(2));
    selection.toggleRange(rows, page(4));
    expect(selection.pages().map((p) => p.id)).toEqual([1, 5, 6]);
  });

  it('ticks one page on a shift-click without an anchor among the visible rows', () => {
    const selection = createPageSelection();
    selection.toggle(page(99));
    selection.toggleRange(rows, page(3));
    expect(selection.pages().map((p) => p.id)).toEqual([99, 3]);
    // The next range starts at the page just clicked.
    selection.toggleRange(rows, page(5));
    expect(selection.pages().map((p) => p.id)).toEqual([99, 3, 4, 5]);
  });

  it('stops at its limit and says how many pages it left out', () => {
    const selection = createPageSelection(4);
    expect(selection.setMany(rows, true)).toBe(2);
    expect(selection.pages().map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(selection.toggle(page(7))).toBe(1);
    expect(selection.has(7)).toBe(false);
  });

  it('clears every page and the anchor', () => {
    const selection = createPageSelection();
    selection.toggle(page(2));
    selection.clear();
    expect(selection.size).toBe(0);
    selection.toggleRange(rows, page(4));
    expect(selection.pages().map((p) => p.id)).toEqual([4]);
  });
});
