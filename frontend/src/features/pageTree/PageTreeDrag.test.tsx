import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderTree, treePage, rowName } from './test/fixtures';
import type { TreePage } from './types';

function setup(
  dir: 'ltr' | 'rtl',
  pages = [treePage(1, null, 1), treePage(2, null, 2), treePage(3, null, 3)],
) {
  return renderTree(pages, {
    dir,
    api: mockApi({ movePage: vi.fn(async (id) => treePage(id, 1, 2)) }),
  });
}

/** Let the store's calls for a drop go out (the move call waits a turn for its place). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function drag(name: string, dx: number, dy: number) {
  const handle = within(screen.getByRole('treeitem', { name })).getByTitle('Drag to move');
  fireEvent.pointerDown(handle, { button: 0, clientX: 100, clientY: 100 });
  fireEvent.pointerMove(window, { clientX: 100 + dx / 2, clientY: 100 + dy / 2 });
  fireEvent.pointerMove(window, { clientX: 100 + dx, clientY: 100 + dy });
  fireEvent.pointerUp(window, { clientX: 100 + dx, clientY: 100 + dy });
  await settle();
}

const names = () => screen.getAllByRole('treeitem').map(rowName);

describe('dragging tree rows', () => {
  it('nests a page under its previous sibling when dragged one indent right', async () => {
    const api = setup('ltr');
    await drag('Page 2', 22, 0);
    expect(api.movePage).toHaveBeenCalledWith(2, { parent_id: 1, position: 1 });
    expect(names()).toEqual(['All Pages', 'Page 1', 'Page 2', 'Page 3']);
    expect(screen.getByRole('treeitem', { name: 'Page 2' })).toHaveAttribute('aria-level', '3');
  });

  it('opens a page without children when another is nested under it, so it stays in sight', async () => {
    // 2 and 3 are children of 1; 2 has no children and, having a parent, is closed by default.
    const api = setup('ltr', [treePage(1, null, 1), treePage(2, 1, 1), treePage(3, 1, 2)]);
    const handle = within(screen.getByRole('treeitem', { name: 'Page 3' })).getByTitle(
      'Drag to move',
    );
    fireEvent.pointerDown(handle, { button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(window, { clientX: 122, clientY: 100 });
    expect(screen.getByRole('treeitem', { name: 'Page 3' })).toHaveAttribute('aria-level', '4');
    fireEvent.pointerUp(window, { clientX: 122, clientY: 100 });
    await settle();
    expect(api.movePage).toHaveBeenCalledWith(3, { parent_id: 2, position: 1 });
    expect(screen.getByRole('treeitem', { name: 'Page 2' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('treeitem', { name: 'Page 3' })).toHaveAttribute('aria-level', '4');
  });

  it('mirrors the indent direction for right-to-left locales', async () => {
    const api = setup('rtl');
    await drag('Page 2', -22, 0);
    expect(api.movePage).toHaveBeenCalledWith(2, { parent_id: 1, position: 1 });
  });

  it('reorders by rows when dragged vertically', async () => {
    const api = setup('ltr');
    await drag('Page 1', 0, 72);
    expect(api.movePage).toHaveBeenCalledWith(1, { parent_id: false, position: 3 });
    expect(names()).toEqual(['All Pages', 'Page 2', 'Page 3', 'Page 1']);
  });

  it('ignores movement under the 15 px threshold', async () => {
    const api = setup('ltr');
    await drag('Page 2', 7, 7);
    expect(api.movePage).not.toHaveBeenCalled();
  });

  describe('while the page scrolls', () => {
    afterEach(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    });

    it('counts scrolling as movement of the pointer over the rows', async () => {
      const api = setup('ltr');
      const handle = within(screen.getByRole('treeitem', { name: 'Page 1' })).getByTitle(
        'Drag to move',
      );
      fireEvent.pointerDown(handle, { button: 0, clientX: 100, clientY: 100 });
      fireEvent.pointerMove(window, { clientX: 100, clientY: 120 });
      // The wheel scrolls the page two rows down while the pointer holds still.
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: 52, configurable: true });
        window.dispatchEvent(new Event('scroll'));
      });
      fireEvent.pointerUp(window, { clientX: 100, clientY: 120 });
      await settle();
      expect(api.movePage).toHaveBeenCalledWith(1, { parent_id: false, position: 3 });
    });
  });

  it('cancels a drag with Escape', async () => {
    const api = setup('ltr');
    const handle = within(screen.getByRole('treeitem', { name: 'Page 1' })).getByTitle(
      'Drag to move',
    );
    fireEvent.pointerDown(handle, { button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(window, { clientX: 100, clientY: 172 });
    expect(names()).toEqual(['All Pages', 'Page 2', 'Page 3', 'Page 1']);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(names()).toEqual(['All Pages', 'Page 1', 'Page 2', 'Page 3']);
    fireEvent.pointerUp(window, { clientX: 100, clientY: 172 });
    await settle();
    expect(api.movePage).not.toHaveBeenCalled();
  });

  it('drops a page under an open node whose children are still loading, after them once they are in', async () => {
    // Page 1 is open (a top-level page) but its two children were not embedded.
    let answer: (pages: TreePage[]) => void = () => undefined;
    const api = mockApi({
      listChildren: vi.fn(() => new Promise<TreePage[]>((resolve) => (answer = resolve))),
      movePage: vi.fn(async (id: number) => treePage(id, 1, 3)),
    });
    renderTree([treePage(1, null, 1, { child_count: 2 }), treePage(2, null, 2)], { api });
    expect(api.listChildren).toHaveBeenCalledWith(1);
    expect(screen.getByRole('treeitem', { name: 'Page 1' })).toHaveAttribute('aria-busy', 'true');
    await drag('Page 2', 22, 0);
    expect(screen.getByRole('treeitem', { name: 'Page 2' })).toHaveAttribute('aria-level', '3');
    expect(api.movePage).not.toHaveBeenCalled();
    await act(async () => answer([treePage(11, 1, 1), treePage(12, 1, 2)]));
    expect(api.movePage).toHaveBeenCalledWith(2, { parent_id: 1, position: 3 });
    expect(names()).toEqual(['All Pages', 'Page 1', 'Page 11', 'Page 12', 'Page 2']);
  });

  it('does not nest a page under a collapsed node whose children are not loaded', async () => {
    const api = setup('ltr', [
      treePage(1, null, 1),
      treePage(2, 1, 1, { child_count: 4 }),
      treePage(3, 1, 2),
    ]);
    await drag('Page 3', 22, 0);
    expect(api.movePage).not.toHaveBeenCalled();
    expect(api.listChildren).not.toHaveBeenCalled();
  });

  it('measures rows with the height the stylesheet gives them', async () => {
    const api = setup('ltr');
    // Narrow and touch screens have taller rows (treeRowActions.css).
    screen.getByRole('tree').style.setProperty('--tree-row-height', '76px');
    await drag('Page 1', 0, 76);
    expect(api.movePage).toHaveBeenCalledWith(1, { parent_id: false, position: 2 });
  });
});

/** The name link of a row. */
const nameLink = (name: string) =>
  within(screen.getByRole('treeitem', { name })).getByRole('link', { name });

/** Press on an element, move in two steps, release; return whether the click then went through. */
async function pressMoveRelease(element: Element, dx: number, dy: number): Promise<boolean> {
  fireEvent.pointerDown(element, { button: 0, clientX: 100, clientY: 100 });
  fireEvent.pointerMove(window, { clientX: 100 + dx / 2, clientY: 100 + dy / 2 });
  fireEvent.pointerMove(window, { clientX: 100 + dx, clientY: 100 + dy });
  fireEvent.pointerUp(window, { clientX: 100 + dx, clientY: 100 + dy });
  const clicked = fireEvent.click(element);
  await settle();
  return clicked;
}

describe('dragging a row by its name (or anywhere on it)', () => {
  // Clicks that get through would make jsdom try to navigate: record and stop them last.
  let clicks: string[] = [];
  const record = (event: MouseEvent) => {
    const text = (event.target as Element).textContent ?? '';
    clicks.push(event.defaultPrevented ? `${text} (prevented)` : text);
    event.preventDefault();
  };
  beforeEach(() => {
    clicks = [];
    window.addEventListener('click', record);
  });
  afterEach(() => window.removeEventListener('click', record));

  it('nests a page under its previous sibling when its name is dragged one indent right', async () => {
    const api = setup('ltr');
    expect(await pressMoveRelease(nameLink('Page 2'), 22, 0)).toBe(false);
    expect(api.movePage).toHaveBeenCalledWith(2, { parent_id: 1, position: 1 });
    expect(screen.getByRole('treeitem', { name: 'Page 2' })).toHaveAttribute('aria-level', '3');
    // The click that ends the drag does not open the editor.
    expect(clicks).toEqual([]);
  });

  it('reorders when a name is dragged down', async () => {
    const api = setup('ltr');
    await pressMoveRelease(nameLink('Page 1'), 0, 72);
    expect(api.movePage).toHaveBeenCalledWith(1, { parent_id: false, position: 3 });
    expect(names()).toEqual(['All Pages', 'Page 2', 'Page 3', 'Page 1']);
    expect(clicks).toEqual([]);
  });

  it('starts from the row itself, outside the name', async () => {
    const api = setup('ltr');
    await pressMoveRelease(screen.getByRole('treeitem', { name: 'Page 1' }), 0, 36);
    expect(api.movePage).toHaveBeenCalledWith(1, { parent_id: false, position: 2 });
  });

  it('shows the drag preview while the name is dragged, and Escape cancels it', async () => {
    const api = setup('ltr');
    fireEvent.pointerDown(nameLink('Page 1'), { button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(window, { clientX: 100, clientY: 172 });
    expect(names()).toEqual(['All Pages', 'Page 2', 'Page 3', 'Page 1']);
    expect(screen.getByRole('treeitem', { name: 'Page 1' })).toHaveClass('tree-row--dragging');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(names()).toEqual(['All Pages', 'Page 1', 'Page 2', 'Page 3']);
    fireEvent.pointerUp(window, { clientX: 100, clientY: 172 });
    // Releasing the button after the cancelled drag clicks nothing either.
    expect(fireEvent.click(nameLink('Page 1'))).toBe(false);
    await settle();
    expect(api.movePage).not.toHaveBeenCalled();
  });

  it.each([
    ['no movement', 0, 0],
    ['10 px across', 10, 0],
    ['7 px each way (14 in total)', 7, 7],
    ['14 px down', 0, 14],
  ])('keeps a press with %s a plain click on the name link', async (_, dx, dy) => {
    const api = setup('ltr');
    await pressMoveRelease(nameLink('Page 2'), dx, dy);
    // The link's click reaches the window unprevented, so the browser follows it.
    expect(clicks).toEqual(['Page 2']);
    expect(api.movePage).not.toHaveBeenCalled();
    expect(screen.getByRole('treeitem', { name: 'Page 2' })).not.toHaveClass('tree-row--dragging');
  });

  it.each([
    ['15 px across', 15, 0],
    ['8 px each way (16 in total)', 8, 8],
    ['15 px up', 0, -15],
  ])('counts %s as a drag and swallows the click that ends it', async (_, dx, dy) => {
    const api = setup('ltr');
    fireEvent.pointerDown(nameLink('Page 2'), { button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(window, { clientX: 100 + dx, clientY: 100 + dy });
    expect(screen.getByRole('treeitem', { name: 'Page 2' })).toHaveClass('tree-row--dragging');
    fireEvent.pointerUp(window, { clientX: 100 + dx, clientY: 100 + dy });
    expect(fireEvent.click(nameLink('Page 2'))).toBe(false);
    await settle();
    expect(clicks).toEqual([]);
    // Not far enough for a new place: nothing to tell the server.
    expect(api.movePage).not.toHaveBeenCalled();
  });

  it('only swallows the one click that ends a drag', async () => {
    setup('ltr');
    await pressMoveRelease(nameLink('Page 1'), 0, 72);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await pressMoveRelease(nameLink('Page 1'), 0, 0);
    expect(clicks).toEqual(['Page 1']);
  });

  it('ignores presses with other buttons', async () => {
    const api = setup('ltr');
    fireEvent.pointerDown(nameLink('Page 1'), { button: 2, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(window, { clientX: 100, clientY: 172 });
    fireEvent.pointerUp(window, { clientX: 100, clientY: 172 });
    await settle();
    expect(api.movePage).not.toHaveBeenCalled();
  });

  it('does not start from the row buttons or the collapse toggle', async () => {
    const api = setup('ltr', [
      treePage(1, null, 1),
      treePage(2, null, 2),
      treePage(3, 2, 1),
      treePage(4, null, 3),
    ]);
    const page2 = screen.getByRole('treeitem', { name: 'Page 2' });
    // A press that moves on the toggle is still just its click: it closes the branch.
    await pressMoveRelease(within(page2).getByTitle('Collapse'), 0, 72);
    expect(names()).toEqual(['All Pages', 'Page 1', 'Page 2', 'Page 4']);
    await pressMoveRelease(within(page2).getByRole('button', { name: 'Rename' }), 0, 72);
    expect(api.movePage).not.toHaveBeenCalled();
    expect(names()).toEqual(['All Pages', 'Page 1', 'Page 2', 'Page 4']);
  });

  it('does not start from the name field while renaming', async () => {
    const api = setup('ltr');
    const page2 = screen.getByRole('treeitem', { name: 'Page 2' });
    fireEvent.click(within(page2).getByRole('button', { name: 'Rename' }));
    const field = within(screen.getByRole('treeitem', { name: 'Page 2' })).getByRole('textbox');
    await pressMoveRelease(field, 0, 72);
    expect(api.movePage).not.toHaveBeenCalled();
  });

  it('does not drag pages the user may not edit, nor the root', async () => {
    const api = setup('ltr', [
      treePage(1, null, 1),
      treePage(2, null, 2, { permissions: ['create'] }),
      treePage(3, null, 3),
    ]);
    await pressMoveRelease(screen.getByText('Page 2'), 0, 36);
    await pressMoveRelease(screen.getByText('All Pages'), 0, 36);
    expect(api.movePage).not.toHaveBeenCalled();
    expect(names()).toEqual(['All Pages', 'Page 1', 'Page 2', 'Page 3']);
  });

  it('still drags by the handle', async () => {
    const api = setup('ltr');
    const handle = within(screen.getByRole('treeitem', { name: 'Page 1' })).getByTitle(
      'Drag to move',
    );
    await pressMoveRelease(handle, 0, 36);
    expect(api.movePage).toHaveBeenCalledWith(1, { parent_id: false, position: 2 });
  });
});
