// Issue 9: the tree on a phone (actions behind a menu, Undo after publish, hide and delete),
// what decides order and visibility (pinned, date, Scheduled, a name from another locale),
// and keyboard moves announced.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLinksFetch } from '../../entities/links/test/stubLinksFetch';
import { installDialogPolyfill } from '../../entities/media/images/test/fixtures';
import { NARROW_OR_TOUCH } from '../../ui/useMediaQuery';
import { rowMarkers } from './rowMarkers';
import { fakeTreeApi } from './test/fakeTreeApi';
import type { FakeTreeApi } from './test/fakeTreeApi';
import {
  createTestStore,
  renderTreeScreen,
  rowNames as names,
  treeRow as row,
} from './test/fixtures';
import { screenData, serverReads, treePage } from './test/fixtures';
import type { TreePage } from './types';

const FUTURE = '2999-06-01T09:00:00Z';

function pages(): TreePage[] {
  return [
    treePage(1, null, 1, { blocks: { name: { en: 'About us' } } }),
    treePage(2, 1, 1, { status: 0, blocks: { name: { en: 'History' } } }),
    treePage(3, 1, 2, { blocks: { name: { en: 'Staff' } } }),
    treePage(8, 1, 3, { blocks: { name: { nb: 'Kontakt' } } }),
    treePage(4, null, 2, { news_page: true, blocks: { name: { en: 'News' } } }),
    treePage(5, 4, 1, {
      pinned: true,
      published_at: '2026-01-03T10:00:00Z',
      blocks: { name: { en: 'Pinned story' } },
    }),
    treePage(6, 4, 2, { published_at: FUTURE, blocks: { name: { en: 'Coming story' } } }),
  ];
}

const server = serverReads(pages());
let api: FakeTreeApi;

const setup = () => renderTreeScreen(screenData(server.embedded()), api).user;

const toast = () => document.querySelector('.toast-region') as HTMLElement;

/** A server that moves a page whose deletion is undone last, as the real one does. */
function serverWrites() {
  const stored = new Map(pages().map((page) => [page.id, page]));
  const keep = (page: TreePage) => {
    stored.set(page.id, page);
    return page;
  };
  const page = (id: number) => stored.get(id) ?? treePage(id, null, 1);
  api.movePage.mockImplementation(async (id, { position }) => keep({ ...page(id), position }));
  api.updatePage.mockImplementation(async (id, fields) => {
    const before = page(id);
    const next = { ...before, ...fields } as TreePage;
    // Deleted pages wait after the shown ones; a restored one comes back last of those.
    if (fields.status === 4) next.position = 4;
    else if (before.status === 4) next.position = 3;
    return keep(next);
  });
}

beforeAll(installDialogPolyfill);
beforeEach(() => {
  api = fakeTreeApi(pages());
  stubLinksFetch();
});

/** Answer the delete confirmation (a dialog, with the pages linking to the page: issue 33). */
async function confirmDelete(user: { click: (element: Element) => Promise<void> }) {
  const dialog = await screen.findByRole('dialog', { name: 'Delete page' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

afterEach(() => vi.restoreAllMocks());

describe('row actions on a phone', () => {
  it('puts the actions behind one menu button per row, closed until asked', async () => {
    serverWrites();
    const user = setup();
    const menuButton = within(row('Staff')).getByRole('button', { name: 'Actions for Staff' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(menuButton);
    const menu = screen.getByRole('menu', { name: 'Actions for Staff' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Rename', 'Hide', 'Delete', 'Add child', 'Add page here']);
    expect(within(menu).getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Hide' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();

    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Hide' }));
    expect(await screen.findByRole('treeitem', { name: 'Staff Hidden' })).toBeInTheDocument();
  });
});

describe('the help under the title (issue 28, item 20)', () => {
  /** A browser whose screen matches `query` when `matches` (narrow, or without hover). */
  const screenMatching = (matches: boolean) =>
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: matches && query === NARROW_OR_TOUCH,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
  afterEach(() => vi.unstubAllGlobals());
  const tree = () => screen.getByRole('tree');

  it('names the keys on a screen with a keyboard', () => {
    screenMatching(false);
    setup();
    expect(tree()).toHaveAccessibleDescription(/F2 renames/);
    expect(screen.getByText('F2', { selector: 'kbd' })).toBeVisible();
  });

  it('speaks of taps and the ⋯ button on a phone, and of no key', () => {
    screenMatching(true);
    setup();
    expect(tree()).toHaveAccessibleDescription(/Tap/);
    expect(tree()).toHaveAccessibleDescription(/⋯/);
    expect(tree()).not.toHaveAccessibleDescription(/F2|Alt|Enter|Keyboard/);
    expect(document.querySelector('#page-tree-help kbd')).toBeNull();
  });
});

describe('Undo', () => {
  it('after hide, restores the published status', async () => {
    serverWrites();
    const user = setup();
    await user.click(within(row('Staff')).getByRole('button', { name: 'Hide' }));
    expect(await within(toast()).findByText('“Staff” was hidden.')).toBeInTheDocument();
    await user.click(within(toast()).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('treeitem', { name: 'Staff' })).toBeInTheDocument();
    expect(api.updatePage.mock.calls).toEqual([
      [3, { status: 3 }],
      [3, { status: 2, published_at: '2026-01-01T10:00:00Z' }],
    ]);
    expect(api.movePage).not.toHaveBeenCalled();
  });

  it('after publish, restores the draft status', async () => {
    serverWrites();
    const user = setup();
    await user.click(within(row('History Draft')).getByRole('button', { name: 'Publish' }));
    expect(await within(toast()).findByText('“History” was published.')).toBeInTheDocument();
    await user.click(within(toast()).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('treeitem', { name: 'History Draft' })).toBeInTheDocument();
  });

  it('after delete, restores the status and the position', async () => {
    serverWrites();
    const user = setup();
    await user.click(within(row('History Draft')).getByRole('button', { name: 'Delete' }));
    await confirmDelete(user);
    expect(await within(toast()).findByText('“History” was deleted.')).toBeInTheDocument();
    expect(names()).not.toContain('History Draft');
    await user.click(within(toast()).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('treeitem', { name: 'History Draft' })).toBeInTheDocument();
    expect(names().slice(0, 5)).toEqual([
      'All Pages',
      'About us',
      'History Draft',
      'Staff',
      'Kontakt',
    ]);
    expect(api.movePage).toHaveBeenLastCalledWith(2, { parent_id: 1, position: 1 });
  });
});

describe('Undo after two actions on one page (issue 28, items 17 and 18)', () => {
  it('offers only the last one: a delete after a publish brings the page back published', async () => {
    serverWrites();
    const user = setup();
    await user.click(within(row('History Draft')).getByRole('button', { name: 'Publish' }));
    expect(await within(toast()).findByText('“History” was published.')).toBeInTheDocument();
    await user.click(within(row('History')).getByRole('button', { name: 'Delete' }));
    await confirmDelete(user);
    expect(await within(toast()).findByText('“History” was deleted.')).toBeInTheDocument();
    // The publish's Undo no longer undoes the last change: it is gone, shown or waiting.
    expect(within(toast()).queryByText('“History” was published.')).not.toBeInTheDocument();
    expect(within(toast()).getAllByRole('button', { name: 'Undo' })).toHaveLength(1);

    await user.click(within(toast()).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('treeitem', { name: 'History' })).toBeInTheDocument();
    expect(api.updatePage).toHaveBeenLastCalledWith(2, {
      status: 2,
      published_at: '2026-01-01T10:00:00Z',
    });
  });

  it('an older Undo no longer acts once the page changed since', async () => {
    serverWrites();
    const { store, onUndoable } = createTestStore(pages(), { api });
    await store.toggleStatus(2);
    await store.remove(2);
    const [[, undoPublish, pageId], [, undoDelete]] = onUndoable.mock.calls as [
      [string, () => void, number],
      [string, () => void, number],
    ];
    expect(pageId).toBe(2);
    api.updatePage.mockClear();
    undoPublish();
    await Promise.resolve();
    expect(api.updatePage).not.toHaveBeenCalled();
    undoDelete();
    await vi.waitFor(() =>
      expect(api.updatePage).toHaveBeenCalledWith(2, {
        status: 2,
        published_at: '2026-01-01T10:00:00Z',
      }),
    );
  });
});

describe('what decides order and visibility', () => {
  it('shows pinned and the date for news items, and “Publishes later” for a future date', async () => {
    const user = setup();
    await user.click(within(row('News')).getByTitle('Expand'));
    const pinned = await screen.findByRole('treeitem', { name: 'Pinned story' });
    expect(within(pinned).getByText('Pinned')).toBeInTheDocument();
    expect(within(pinned).getByText('Jan 3, 2026').closest('time')).toHaveAttribute(
      'datetime',
      '2026-01-03T10:00:00.000Z',
    );
    expect(pinned).toHaveAccessibleDescription('Pinned Jan 3, 2026');
    const coming = row('Coming story');
    expect(coming).toHaveAccessibleDescription('Publishes later Jun 1, 2999');
    expect(coming.querySelector('[data-text="Publishes later"]')).toBeInTheDocument();
    expect(within(coming).queryByText('Pinned')).not.toBeInTheDocument();
    // Not a news item: no date, no pin.
    expect(within(row('Staff')).queryByText(/2026/)).not.toBeInTheDocument();
  });

  it('marks a name shown from another locale with its code', () => {
    setup();
    const fallback = row('Kontakt');
    expect(fallback.querySelector('.tree-row__locale [data-text="nb"]')).toBeInTheDocument();
    expect(within(fallback).getByText('Kontakt')).toHaveAttribute('lang', 'nb');
    expect(fallback).toHaveAccessibleDescription('Name in nb');
    expect(row('Staff').querySelector('.tree-row__locale')).toBeNull();
  });

  it.each([
    [{ status: 2 as const, published_at: FUTURE }, ['scheduled']],
    [{ status: 2 as const, published_at: '2020-01-01T00:00:00Z' }, []],
    [{ status: 0 as const, published_at: FUTURE }, []],
    [{ status: 3 as const, published_at: FUTURE }, []],
  ])('a page %j shows %j', (page, kinds) => {
    const markers = rowMarkers({ ...page, pinned: false }, { newsItem: false, now: new Date() });
    expect(markers.map((marker) => marker.kind)).toEqual(kinds);
  });
});

describe('keyboard moves', () => {
  it('are announced in a live region', async () => {
    serverWrites();
    const user = setup();
    row('History Draft').focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    const announcer = screen.getByTestId('tree-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer).toHaveTextContent('Moved History under About us, position 2');
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(announcer).toHaveTextContent('Moved History under All Pages, position 2');
  });
});
