import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TreePage } from './types';
import { HttpError } from '../../lib/http';
import { fakeTreeApi, holdChildReads } from './test/fakeTreeApi';
import type { FakeTreeApi } from './test/fakeTreeApi';
import { renderTreeScreen, rowNames as names, treeRow as row } from './test/fixtures';
import { named, screenData, serverReads, treePage } from './test/fixtures';

/**
 * Home (open) › About us › History › Founders; Home › Contact; News (a news page, so
 * collapsed) › two stories. Only Home, About us, Contact and News are embedded.
 */
function pages(): TreePage[] {
  return [
    treePage(1, null, 1, named('Home')),
    treePage(2, 1, 1, named('About us')),
    treePage(3, 2, 1, named('History')),
    treePage(4, 3, 1, named('Founders')),
    treePage(5, 2, 2, named('Staff')),
    treePage(6, 1, 2, named('Contact')),
    treePage(7, null, 2, { news_page: true, ...named('News') }),
    treePage(8, 7, 1, { published_at: '2026-01-01T00:00:00Z', ...named('Old story') }),
    treePage(9, 7, 2, { published_at: '2026-03-01T00:00:00Z', ...named('New story') }),
  ];
}

const server = serverReads(pages());

let api: FakeTreeApi;
beforeEach(() => {
  api = fakeTreeApi(pages());
});

const setup = () => renderTreeScreen(screenData(server.embedded()), api).user;

describe('a tree loaded in parts', () => {
  it('embeds what shows at first, and counts the children of collapsed nodes from child_count', () => {
    setup();
    expect(names()).toEqual(['All Pages', 'Home', 'About us', 'Contact', 'News']);
    expect(within(row('About us')).getByText('(2 items)')).toBeInTheDocument();
    expect(within(row('News')).getByText('(2 items)')).toBeInTheDocument();
    expect(row('About us')).toHaveAttribute('aria-expanded', 'false');
    expect(api.listChildren).not.toHaveBeenCalled();
    expect(api.listChildrenOf).not.toHaveBeenCalled();
  });

  it('loads the children of a node as it opens, showing the row busy meanwhile', async () => {
    const calls = holdChildReads(api);
    const user = setup();
    await user.click(within(row('About us')).getByTitle('Expand'));
    expect(api.listChildren).toHaveBeenCalledWith(2);
    expect(row('About us')).toHaveAttribute('aria-busy', 'true');
    expect(row('About us')).toHaveAttribute('aria-expanded', 'true');
    expect(within(row('About us')).getByText('Loading…')).toBeInTheDocument();
    await calls.release();
    expect(names()).toEqual([
      'All Pages',
      'Home',
      'About us',
      'History',
      'Staff',
      'Contact',
      'News',
    ]);
    expect(row('About us')).not.toHaveAttribute('aria-busy');
    expect(row('History')).toHaveAttribute('aria-setsize', '2');
    expect(within(row('History')).getByText('(1 item)')).toBeInTheDocument();
    // Closing and opening again does not ask twice.
    await user.click(within(row('About us')).getByTitle('Collapse'));
    await user.click(within(row('About us')).getByTitle('Expand'));
    expect(api.listChildren).toHaveBeenCalledTimes(1);
  });

  it('opens a collapsed node with ArrowRight; the next ArrowRight goes to its first child once loaded', async () => {
    const user = setup();
    row('News').focus();
    await user.keyboard('{ArrowRight}');
    // News items: newest first.
    expect(await screen.findByRole('treeitem', { name: 'New story' })).toBeInTheDocument();
    expect(names().slice(-2)).toEqual(['New story', 'Old story']);
    await user.keyboard('{ArrowRight}');
    expect(row('New story')).toHaveFocus();
  });

  it('says when children cannot be loaded, and loads them on Retry', async () => {
    api.listChildren.mockRejectedValueOnce(new HttpError(500, { detail: 'Server error' }));
    const user = setup();
    await user.click(within(row('About us')).getByTitle('Expand'));
    expect(
      await screen.findByText('The pages under “About us” could not be loaded: Server error'),
    ).toBeInTheDocument();
    expect(within(row('About us')).getByText('Not loaded')).toBeInTheDocument();
    const toast = screen.getByRole('status');
    await user.click(within(toast).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('treeitem', { name: 'History' })).toBeInTheDocument();
    expect(within(row('About us')).queryByText('Not loaded')).not.toBeInTheDocument();
  });

  it('loads on start the children of nodes opened on an earlier visit, level by level', async () => {
    window.localStorage.setItem('collapsedPages', JSON.stringify({ 2: false, 3: false }));
    setup();
    expect(await screen.findByRole('treeitem', { name: 'Founders' })).toHaveAttribute(
      'aria-level',
      '5',
    );
    expect(api.listChildren.mock.calls).toEqual([[2], [3]]);
    expect(api.listChildrenOf).not.toHaveBeenCalled();
  });

  it('moves a page into a node whose children are still loading, placing it after them', async () => {
    const calls = holdChildReads(api, (parentId) => parentId === 2);
    const user = setup();
    await user.click(within(row('About us')).getByTitle('Expand'));
    row('Contact').focus();
    // Alt+Right: under the previous sibling, About us, whose children are on their way.
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(row('Contact')).toHaveAttribute('aria-level', '4');
    expect(api.movePage).not.toHaveBeenCalled();
    await calls.release();
    await vi.waitFor(() =>
      expect(api.movePage).toHaveBeenCalledWith(6, { parent_id: 2, position: 3 }),
    );
    expect(names()).toEqual([
      'All Pages',
      'Home',
      'About us',
      'History',
      'Staff',
      'Contact',
      'News',
    ]);
  });
});

describe('Find a page', () => {
  it('opens the path to a page two levels down, marks it, and goes there on Enter', async () => {
    const user = setup();
    const box = screen.getByRole('searchbox', { name: 'Find a page' });
    await user.type(box, 'found');
    expect(await screen.findByText('1 page found. Press Enter to go to the first.')).toBeVisible();
    expect(api.searchPages).toHaveBeenCalledWith('found');
    // The path opens, and each opened node loads its other children too.
    await screen.findByRole('treeitem', { name: 'Staff' });
    expect(names()).toEqual([
      'All Pages',
      'Home',
      'About us',
      'History',
      'Founders',
      'Staff',
      'Contact',
      'News',
    ]);
    expect(row('Founders')).toHaveClass('tree-row--match');
    expect(within(row('Founders')).getByText('Found')).toHaveProperty('tagName', 'MARK');
    expect(row('History')).not.toHaveClass('tree-row--match');
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(row('Founders')).toHaveFocus());
  });

  it('waits for typing to pause, and searches once for the text typed', async () => {
    const user = setup();
    await user.type(screen.getByRole('searchbox', { name: 'Find a page' }), 'story');
    // 'History' holds the text too.
    await screen.findByText('3 pages found. Press Enter to go to the first.');
    expect(api.searchPages.mock.calls).toEqual([['story']]);
    for (const match of ['History', 'New story', 'Old story'])
      expect(row(match)).toHaveClass('tree-row--match');
    expect(row('News')).not.toHaveClass('tree-row--match');
  });

  it('goes to the first match in the order shown when Enter comes before the answer', async () => {
    const user = setup();
    await user.type(screen.getByRole('searchbox', { name: 'Find a page' }), 'story{Enter}');
    await vi.waitFor(() => expect(row('History')).toHaveFocus());
    expect(api.searchPages).toHaveBeenCalledTimes(1);
  });

  it('keeps what a search loaded and opened when it is cleared', async () => {
    const user = setup();
    const box = screen.getByRole('searchbox', { name: 'Find a page' });
    await user.type(box, 'founders');
    await screen.findByText('1 page found. Press Enter to go to the first.');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(row('Founders')).not.toHaveClass('tree-row--match');
    expect(names()).toContain('Founders');
    expect(JSON.parse(window.localStorage.getItem('collapsedPages') ?? '{}')).toEqual({
      2: false,
      3: false,
    });
  });

  it('says when nothing matches, and ignores blank text', async () => {
    const user = setup();
    const box = screen.getByRole('searchbox', { name: 'Find a page' });
    await user.type(box, '   ');
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(api.searchPages).not.toHaveBeenCalled();
    await user.type(box, 'xyz');
    expect(await screen.findByText('No page name contains “xyz”.')).toBeInTheDocument();
  });

  it('says when the search fails, and searches again on Retry', async () => {
    api.searchPages.mockRejectedValueOnce(new HttpError(0, null, 'Network error'));
    const user = setup();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a page' }), {
      target: { value: 'staff' },
    });
    expect(
      await screen.findByText('The pages could not be searched: Network error'),
    ).toBeInTheDocument();
    expect(screen.getByText('The search failed.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 page found. Press Enter to go to the first.')).toBeVisible();
  });
});
