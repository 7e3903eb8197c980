import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageTree } from './components/PageTree';
import { createTreeStore } from './store';
import type { TreeApi } from './api';
import { treePage } from './test/fixtures';

function setup(
  dir: 'ltr' | 'rtl',
  pages = [treePage(1, null, 1), treePage(2, null, 2), treePage(3, null, 3)],
) {
  const api: TreeApi = {
    listPages: vi.fn(),
    updatePage: vi.fn(),
    createPage: vi.fn(),
    movePage: vi.fn(async (id) => treePage(id, 1, 2)),
  };
  const store = createTreeStore({
    pages,
    locale: 'en',
    api,
    onError: vi.fn(),
  });
  render(
    <PageTree
      store={store}
      locale="en"
      localeOrder={['en']}
      dir={dir}
      rootCanCreate
      labelledBy="x"
    />,
  );
  return api;
}

function drag(name: string, dx: number, dy: number) {
  const handle = within(screen.getByRole('treeitem', { name })).getByTitle('Drag to move');
  fireEvent.pointerDown(handle, { button: 0, clientX: 100, clientY: 100 });
  fireEvent.pointerMove(window, { clientX: 100 + dx / 2, clientY: 100 + dy / 2 });
  fireEvent.pointerMove(window, { clientX: 100 + dx, clientY: 100 + dy });
  fireEvent.pointerUp(window, { clientX: 100 + dx, clientY: 100 + dy });
}

const names = () => screen.getAllByRole('treeitem').map((item) => item.getAttribute('aria-label'));

describe('dragging tree rows', () => {
  it('nests a page under its previous sibling when dragged one indent right', () => {
    const api = setup('ltr');
    drag('Page 2', 22, 0);
    expect(api.movePage).toHaveBeenCalledWith(2, { parent_id: 1, position: 1 });
    expect(names()).toEqual(['All Pages', 'Page 1', 'Page 2', 'Page 3']);
    expect(screen.getByRole('treeitem', { name: 'Page 2' })).toHaveAttribute('aria-level', '3');
  });

  it('opens a page without children when another is nested under it, so it stays in sight', () => {
    // 2 and 3 are children of 1; 2 has no children and, having a parent, is closed by default.
    const api = setup('ltr', [treePage(1, null, 1), treePage(2, 1, 1), treePage(3, 1, 2)]);
    const handle = within(screen.getByRole('treeitem', { name: 'Page 3' })).getByTitle(
      'Drag to move',
    );
    fireEvent.pointerDown(handle, { button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(window, { clientX: 122, clientY: 100 });
    expect(screen.getByRole('treeitem', { name: 'Page 3' })).toHaveAttribute('aria-level', '4');
    fireEvent.pointerUp(window, { clientX: 122, clientY: 100 });
    expect(api.movePage).toHaveBeenCalledWith(3, { parent_id: 2, position: 1 });
    expect(screen.getByRole('treeitem', { name: 'Page 2' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('treeitem', { name: 'Page 3' })).toHaveAttribute('aria-level', '4');
  });

  it('mirrors the indent direction for right-to-left locales', () => {
    const api = setup('rtl');
    drag('Page 2', -22, 0);
    expect(api.movePage).toHaveBeenCalledWith(2, { parent_id: 1, position: 1 });
  });

  it('reorders by rows when dragged vertically', () => {
    const api = setup('ltr');
    drag('Page 1', 0, 72);
    expect(api.movePage).toHaveBeenCalledWith(1, { parent_id: false, position: 3 });
    expect(names()).toEqual(['All Pages', 'Page 2', 'Page 3', 'Page 1']);
  });

  it('ignores movement under the 15 px threshold', () => {
    const api = setup('ltr');
    drag('Page 2', 10, 10);
    expect(api.movePage).not.toHaveBeenCalled();
  });

  describe('while the page scrolls', () => {
    afterEach(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    });

    it('counts scrolling as movement of the pointer over the rows', () => {
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
      expect(api.movePage).toHaveBeenCalledWith(1, { parent_id: false, position: 3 });
    });
  });

  it('cancels a drag with Escape', () => {
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
    expect(api.movePage).not.toHaveBeenCalled();
  });

  it('measures rows with the height the stylesheet gives them', () => {
    const api = setup('ltr');
    // Narrow and touch screens have taller rows (pageTree.css).
    screen.getByRole('tree').style.setProperty('--tree-row-height', '76px');
    drag('Page 1', 0, 76);
    expect(api.movePage).toHaveBeenCalledWith(1, { parent_id: false, position: 2 });
  });
});
