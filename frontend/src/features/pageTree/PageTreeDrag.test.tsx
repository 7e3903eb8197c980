import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PageTree } from './components/PageTree';
import { createTreeStore } from './store';
import type { TreeApi } from './api';
import { treePage } from './test/fixtures';

function setup(dir: 'ltr' | 'rtl') {
  const api: TreeApi = {
    updatePage: vi.fn(),
    createPage: vi.fn(),
    movePage: vi.fn(async (id) => treePage(id, 1, 2)),
  };
  const store = createTreeStore({
    pages: [treePage(1, null, 1), treePage(2, null, 2), treePage(3, null, 3)],
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
});
