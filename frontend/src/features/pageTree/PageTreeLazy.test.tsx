import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TreePage } from './types';
import { HttpError, getJSON, putJSON } from '../../lib/http';
import type * as HttpModule from '../../lib/http';
import { ToastProvider } from '../../ui/toast';
import { PageTreeScreen } from './PageTreeScreen';
import { named, rowName, screenData, serverReads, toOut, treePage } from './test/fixtures';

vi.mock('../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  getJSON: vi.fn(),
  putJSON: vi.fn(),
  postJSON: vi.fn(),
}));

const get = vi.mocked(getJSON);
const put = vi.mocked(putJSON);

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

/** Answer GETs as the server would, each call held until `release` when `hold` says so. */
function serve(hold: (url: string) => boolean = () => false) {
  const held: (() => void)[] = [];
  get.mockImplementation((url: string) => {
    const answer = server.get(url).map(toOut);
    if (!hold(url)) return Promise.resolve(answer);
    return new Promise((resolve) => held.push(() => resolve(answer)));
  });
  return {
    release: () =>
      act(async () => {
        held.splice(0).forEach((resolve) => resolve());
        await Promise.resolve();
      }),
  };
}

function setup() {
  const data = screenData(server.embedded());
  render(
    <ToastProvider>
      <PageTreeScreen data={data} navigate={vi.fn()} />
    </ToastProvider>,
  );
  return userEvent.setup();
}

const row = (text: string) => screen.getByRole('treeitem', { name: text });
const names = () => screen.getAllByRole('treeitem').map(rowName);

describe('a tree loaded in parts', () => {
  beforeEach(() => {
    get.mockReset();
    put.mockReset();
  });

  it('embeds what shows at first, and counts the children of collapsed nodes from child_count', () => {
    serve();
    setup();
    expect(names()).toEqual(['All Pages', 'Home', 'About us', 'Contact', 'News']);
    expect(within(row('About us')).getByText('(2 items)')).toBeInTheDocument();
    expect(within(row('News')).getByText('(2 items)')).toBeInTheDocument();
    expect(row('About us')).toHaveAttribute('aria-expanded', 'false');
    expect(get).not.toHaveBeenCalled();
  });

  it('loads the children of a node as it opens, showing the row busy meanwhile', async () => {
    const calls = serve(() => true);
    const user = setup();
    await user.click(within(row('About us')).getByTitle('Expand'));
    expect(get).toHaveBeenCalledWith('/admin/en/pages.json?parent_id=2');
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
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('opens a collapsed node with ArrowRight; the next ArrowRight goes to its first child once loaded', async () => {
    serve();
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
    get.mockRejectedValueOnce(new HttpError(500, { detail: 'Server error' }));
    const user = setup();
    await user.click(within(row('About us')).getByTitle('Expand'));
    expect(
      await screen.findByText('The pages under “About us” could not be loaded: Server error'),
    ).toBeInTheDocument();
    expect(within(row('About us')).getByText('Not loaded')).toBeInTheDocument();
    serve();
    const toast = screen.getByRole('status');
    await user.click(within(toast).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('treeitem', { name: 'History' })).toBeInTheDocument();
    expect(within(row('About us')).queryByText('Not loaded')).not.toBeInTheDocument();
  });

  it('loads on start the children of nodes opened on an earlier visit, level by level', async () => {
    window.localStorage.setItem('collapsedPages', JSON.stringify({ 2: false, 3: false }));
    serve();
    setup();
    expect(await screen.findByRole('treeitem', { name: 'Founders' })).toHaveAttribute(
      'aria-level',
      '5',
    );
    expect(get.mock.calls.map(([url]) => url)).toEqual([
      '/admin/en/pages.json?parent_id=2',
      '/admin/en/pages.json?parent_id=3',
    ]);
  });

  it('moves a page into a node whose children are still loading, placing it after them', async () => {
    const calls = serve((url) => url.endsWith('parent_id=2'));
    put.mockImplementation(async (_url: string, body: unknown) =>
      toOut(treePage(6, 2, (body as { position: number }).position, named('Contact'))),
    );
    const user = setup();
    await user.click(within(row('About us')).getByTitle('Expand'));
    row('Contact').focus();
    // Alt+Right: under the previous sibling, About us, whose children are on their way.
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(row('Contact')).toHaveAttribute('aria-level', '4');
    expect(put).not.toHaveBeenCalled();
    await calls.release();
    await vi.waitFor(() =>
      expect(put).toHaveBeenCalledWith('/admin/en/pages/6/move.json', {
        parent_id: 2,
        position: 3,
      }),
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
  beforeEach(() => {
    get.mockReset();
    serve();
  });

  it('opens the path to a page two levels down, marks it, and goes there on Enter', async () => {
    const user = setup();
    const box = screen.getByRole('searchbox', { name: 'Find a page' });
    await user.type(box, 'found');
    expect(await screen.findByText('1 page found. Press Enter to go to the first.')).toBeVisible();
    expect(get).toHaveBeenCalledWith('/admin/en/pages.json?q=found');
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
    const searches = get.mock.calls.filter(([url]) => url.includes('?q='));
    expect(searches).toEqual([['/admin/en/pages.json?q=story']]);
    for (const match of ['History', 'New story', 'Old story'])
      expect(row(match)).toHaveClass('tree-row--match');
    expect(row('News')).not.toHaveClass('tree-row--match');
  });

  it('goes to the first match in the order shown when Enter comes before the answer', async () => {
    const user = setup();
    await user.type(screen.getByRole('searchbox', { name: 'Find a page' }), 'story{Enter}');
    await vi.waitFor(() => expect(row('History')).toHaveFocus());
    expect(get.mock.calls.filter(([url]) => url.includes('?q='))).toHaveLength(1);
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
    expect(get).not.toHaveBeenCalled();
    await user.type(box, 'xyz');
    expect(await screen.findByText('No page name contains “xyz”.')).toBeInTheDocument();
  });

  it('says when the search fails, and searches again on Retry', async () => {
    get.mockRejectedValueOnce(new HttpError(0, null, 'Network error'));
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
