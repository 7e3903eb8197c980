import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageSelection } from '../../entities/pageSelection/selection';
import type { PageSelection } from '../../entities/pageSelection/selection';
import { ToastProvider } from '../../ui/toast';
import { PageTreeScreen } from './PageTreeScreen';
import { rowMarkers } from './rowMarkers';
import type * as RowMarkersModule from './rowMarkers';
import { fakeTreeApi, holdChildReads } from './test/fakeTreeApi';
import type { FakeTreeApi } from './test/fakeTreeApi';
import { named, rowNames, screenData, serverReads, treePage, treeRow } from './test/fixtures';
import type { TreePage } from './types';

// rowMarkers runs once per render of a row: it counts how many rows a tick re-renders.
vi.mock('./rowMarkers', async (importOriginal) => {
  const original = await importOriginal<typeof RowMarkersModule>();
  return { ...original, rowMarkers: vi.fn(original.rowMarkers) };
});

/**
 * Home (open) › About us › History › Founders; Home › About us › Staff; Home › Contact;
 * News › Story. The top level and its children are embedded: below About us
 * nothing is loaded.
 */
function pages(): TreePage[] {
  return [
    treePage(1, null, 1, named('Home')),
    treePage(2, 1, 1, named('About us')),
    treePage(3, 2, 1, named('History')),
    treePage(4, 3, 1, named('Founders')),
    treePage(5, 2, 2, named('Staff')),
    treePage(6, 1, 2, named('Contact')),
    treePage(7, null, 2, named('News')),
    treePage(8, 7, 1, named('Story')),
  ];
}

let api: FakeTreeApi;
let selection: PageSelection;
beforeEach(() => {
  api = fakeTreeApi(pages());
  selection = createPageSelection();
});

function setup(limit?: number) {
  if (limit) selection = createPageSelection(limit);
  render(
    <ToastProvider>
      <PageTreeScreen
        data={screenData(serverReads(pages()).embedded())}
        api={api}
        navigate={vi.fn()}
        selection={selection}
      />
    </ToastProvider>,
  );
  return userEvent.setup();
}

const box = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });
const selectedIds = () => selection.pages().map((page) => page.id);

describe('selecting pages in the tree', () => {
  it('gives each page a box named after it, and the root none', () => {
    setup();
    expect(rowNames()).toEqual(['All Pages', 'Home', 'About us', 'Contact', 'News', 'Story']);
    expect(screen.getAllByRole('checkbox').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Select Home',
      'Select About us',
      'Select Contact',
      'Select News',
      'Select Story',
    ]);
    expect(within(treeRow('All Pages')).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('ticks and unticks a page by click and by Space, naming it as its row does', async () => {
    const user = setup();
    await user.click(box('About us'));
    expect(box('About us')).toBeChecked();
    expect(selection.pages()).toEqual([{ id: 2, name: 'About us' }]);
    box('Contact').focus();
    await user.keyboard(' ');
    expect(box('Contact')).toBeChecked();
    await user.keyboard(' ');
    expect(box('Contact')).not.toBeChecked();
    expect(selectedIds()).toEqual([2]);
  });

  it('ticks the visible rows between the last one ticked and a shift-clicked one', async () => {
    const user = setup();
    await user.click(box('News'));
    await user.keyboard('{Shift>}');
    await user.click(box('About us'));
    await user.keyboard('{/Shift}');
    expect(selectedIds().sort()).toEqual([2, 6, 7]);
    // Shift-clicking a ticked box unticks the range from the new anchor.
    fireEvent.click(box('Contact'), { shiftKey: true });
    expect(selectedIds().sort()).toEqual([7]);
  });

  it('re-renders no row when a box is ticked', async () => {
    const user = setup();
    const renders = vi.mocked(rowMarkers);
    // The first click takes the tree's focus to the row (the tab order changes: rows render).
    await user.click(box('Contact'));
    renders.mockClear();
    await user.click(box('Contact'));
    await user.keyboard(' ');
    act(() => selection.setMany([{ id: 1, name: 'Home' }], true));
    expect(box('Contact')).toBeChecked();
    expect(box('Home')).toBeChecked();
    expect(renders).not.toHaveBeenCalled();
  });

  it('selects a page and every page below it, loading the nodes not loaded, and says how many', async () => {
    const held = holdChildReads(api);
    const user = setup();
    await user.click(
      within(treeRow('About us')).getByRole('button', { name: 'Select the subtree' }),
    );
    // About us's children are asked for first, then History's: a level at a time.
    expect(api.listChildren).toHaveBeenCalledWith(2);
    expect(selection.size).toBe(0);
    // A walk that waits for the server says what it is doing.
    expect(
      await screen.findByText('Finding the pages below “\u2068About us\u2069”…'),
    ).toBeInTheDocument();
    await held.release();
    await held.release();
    await vi.waitFor(() => expect(selectedIds()).toEqual([2, 3, 5, 4]));
    expect(selection.nameOf(4)).toBe('Founders');
    expect(
      await screen.findByText('Selected 4 pages: “\u2068About us\u2069” and the pages below it.'),
    ).toBeInTheDocument();
    // The rows below stay closed: selecting opens nothing.
    expect(treeRow('About us')).toHaveAttribute('aria-expanded', 'false');
  });

  it('stops a subtree at the selection’s limit and says so', async () => {
    const user = setup(3);
    await user.click(
      within(treeRow('About us')).getByRole('button', { name: 'Select the subtree' }),
    );
    await vi.waitFor(() => expect(selection.size).toBe(3));
    expect(
      await screen.findByText('A selection holds at most 3 pages: the others were not selected.'),
    ).toBeInTheDocument();
  });

  it('offers Select the subtree only on rows with pages below them', () => {
    setup();
    expect(
      within(treeRow('Contact')).queryByRole('button', { name: 'Select the subtree' }),
    ).not.toBeInTheDocument();
  });

  it('shows a tick made elsewhere (a Clear selection) in the rows', () => {
    setup();
    act(() => selection.setMany([{ id: 1, name: 'Home' }], true));
    expect(box('Home')).toBeChecked();
    act(() => selection.clear());
    expect(box('Home')).not.toBeChecked();
  });
});
