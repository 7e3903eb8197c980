import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageTreeScreenData } from '../../api/types';
import type { TreePage } from './types';
import { HttpError } from '../../lib/http';
import { stubLinksFetch } from '../../entities/links/test/stubLinksFetch';
import { installDialogPolyfill } from '../../entities/media/images/test/fixtures';
import { fakeTreeApi } from './test/fakeTreeApi';
import type { FakeTreeApi } from './test/fakeTreeApi';
import { renderTreeScreen, rowNames as names, treeRow as row } from './test/fixtures';
import { screenData, serverReads, toOut, treePage } from './test/fixtures';

function pages(): TreePage[] {
  return [
    treePage(1, null, 1, { blocks: { name: { en: 'Home', nb: 'Hjem' } } }),
    treePage(2, 1, 1, { status: 0, blocks: { name: { en: 'About' } } }),
    treePage(3, 1, 2, { blocks: { name: { en: 'Contact' } } }),
    treePage(4, null, 2, { news_page: true, blocks: { name: { en: 'News' } } }),
    treePage(5, 4, 1, { blocks: { name: { en: 'Story' } } }),
    treePage(6, 4, 2, { blocks: { name: { en: 'Gone' } }, status: 4 }),
    treePage(7, 2, 1, { blocks: { name: { en: 'Team' } } }),
  ];
}

const server = serverReads(pages());
let api: FakeTreeApi;

/** The screen over what the server embeds: the top level and the children of open top-level pages. */
const setup = (overrides: Partial<PageTreeScreenData> = {}) =>
  renderTreeScreen(screenData(server.embedded(), overrides), api);

/** The delete confirmation (issue 33: a dialog, with the pages linking to the page). */
const deleteDialog = () => screen.findByRole('dialog', { name: 'Delete page' });

beforeAll(installDialogPolyfill);

describe('PageTreeScreen', () => {
  beforeEach(() => {
    stubLinksFetch();
    // Children and searches as the server answers them (after a failure the tree re-reads
    // what it has loaded: nothing changed there); writes echoed.
    api = fakeTreeApi(pages());
  });

  it('shows the tree with labels, counts and hidden deleted pages', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'All Pages' })).toBeInTheDocument();
    expect(names()).toEqual(['All Pages', 'Home', 'About Draft', 'Contact', 'News']);
    expect(within(row('News')).getByText('(1 item)')).toBeInTheDocument();
    expect(within(row('Home')).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      '/admin/en/pages/1/edit',
    );
    expect(
      within(row('All Pages')).queryByRole('button', { name: 'Rename' }),
    ).not.toBeInTheDocument();
    expect(within(row('All Pages')).getByRole('button', { name: 'Add child' })).toBeInTheDocument();
  });

  it('hides actions the permissions do not allow', () => {
    const readOnly = server.embedded().map((page) => toOut({ ...page, permissions: [] }));
    setup({ pages: readOnly, permissions: [] });
    expect(within(row('Home')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('Home')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('opens the editor to one with submit only, without publish, hide, delete or drag', () => {
    const submitOnly = server
      .embedded()
      .map((page) => toOut({ ...page, permissions: ['submit' as const] }));
    setup({ pages: submitOnly, permissions: [] });
    expect(within(row('Home')).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      '/admin/en/pages/1/edit',
    );
    expect(within(row('Home')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('renames a page inline', async () => {
    const { user } = setup();
    await user.click(within(row('Home')).getByRole('button', { name: 'Rename' }));
    const input = screen.getByRole('textbox', { name: 'Page name' });
    await user.clear(input);
    await user.type(input, 'Start{Enter}');
    expect(api.updatePage).toHaveBeenCalledWith(1, { name: 'Start' });
    expect(await screen.findByRole('treeitem', { name: 'Start' })).toBeInTheDocument();
  });

  it('cancelling a rename only leaves edit mode', async () => {
    const { user } = setup();
    await user.click(within(row('Home')).getByRole('button', { name: 'Rename' }));
    await user.type(screen.getByRole('textbox', { name: 'Page name' }), 'xyz');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(row('Home')).toBeInTheDocument();
    expect(api.updatePage).not.toHaveBeenCalled();
  });

  it('puts the old name back and says so when a rename fails', async () => {
    api.updatePage.mockRejectedValue(new HttpError(500, { detail: 'Server exploded' }));
    const { user } = setup();
    await user.click(within(row('Home')).getByRole('button', { name: 'Rename' }));
    await user.type(screen.getByRole('textbox', { name: 'Page name' }), ' page{Enter}');
    expect(
      await screen.findByText('The page could not be renamed: Server exploded'),
    ).toBeInTheDocument();
    expect(row('Home')).toBeInTheDocument();
  });

  it.each([
    ['About Draft', 2, 'About'],
    ['Home', 3, 'Home Hidden'],
  ])('the toggle on %s sets status %i', async (name, status, after) => {
    const { user } = setup();
    const label = status === 2 ? 'Publish' : 'Hide';
    await user.click(within(row(name)).getByRole('button', { name: label }));
    expect(api.updatePage).toHaveBeenCalledWith(expect.any(Number), { status });
    expect(await screen.findByRole('treeitem', { name: after })).toBeInTheDocument();
  });

  it('restores the status when the toggle fails', async () => {
    api.updatePage.mockRejectedValue(new HttpError(403, { detail: 'Forbidden' }));
    const { user } = setup();
    await user.click(within(row('About Draft')).getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText('The page status could not be changed: Forbidden'),
    ).toBeInTheDocument();
    expect(row('About Draft')).toBeInTheDocument();
  });

  it('deletes a page after confirmation', async () => {
    const fetchMock = stubLinksFetch([{ id: 1, name: 'Home' }]);
    const { user } = setup();
    await user.click(within(row('Contact')).getByRole('button', { name: 'Delete' }));
    const dialog = await deleteDialog();
    expect(dialog).toHaveTextContent('Are you sure you want to delete this page?');
    expect(dialog).toHaveTextContent(
      '“\u2068Contact\u2069” will be deleted. No pages are below it.',
    );
    // The pages whose links would show as plain text, when the server has told.
    expect(
      await within(dialog).findByText(
        'One page links to “\u2068Contact\u2069”: its link will show as plain text.',
      ),
    ).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/admin/en/pages/3/linked_from.json?page=1');
    expect(api.updatePage).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.updatePage).toHaveBeenCalledWith(3, { status: 4 }));
    expect(screen.queryByRole('treeitem', { name: 'Contact' })).not.toBeInTheDocument();
  });

  it('names the page and counts the pages below it that go with it, as far as the tree knows', async () => {
    const { user } = setup();
    // About's child Team is not loaded: About's record says it has one.
    await user.click(within(row('Home')).getByRole('button', { name: 'Delete' }));
    let dialog = await deleteDialog();
    expect(dialog).toHaveTextContent(
      '“\u2068Home\u2069” will be deleted, and at least 3 pages below it with it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Opened, News's children are known: one shown (Gone is deleted already).
    row('News').focus();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('treeitem', { name: 'Story' })).toBeInTheDocument();
    await user.click(within(row('News')).getByRole('button', { name: 'Delete' }));
    dialog = await deleteDialog();
    expect(dialog).toHaveTextContent(
      '“\u2068News\u2069” will be deleted, and the page below it with it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the page when the deletion is not confirmed', async () => {
    const { user } = setup();
    await user.click(within(row('Contact')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await deleteDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.updatePage).not.toHaveBeenCalled();
    expect(row('Contact')).toBeInTheDocument();
  });

  it('brings a deleted page back when the call fails', async () => {
    api.updatePage.mockRejectedValue(new Error('Network error'));
    const { user } = setup();
    await user.click(within(row('Contact')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await deleteDialog()).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('The page could not be deleted: Network error'),
    ).toBeInTheDocument();
    expect(row('Contact')).toBeInTheDocument();
  });

  it('adds a child as a draft in edit mode and creates it on save', async () => {
    api.createPage.mockResolvedValue(
      treePage(42, 1, 3, { status: 0, blocks: { name: { en: 'Team' } } }),
    );
    const { user } = setup();
    await user.click(within(row('Home')).getByRole('button', { name: 'Add child' }));
    await user.type(screen.getByRole('textbox', { name: 'Page name' }), 'Team');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.createPage).toHaveBeenCalledWith({
      name: 'Team',
      status: 0,
      news_page: false,
      pinned: false,
      published_at: expect.any(String),
      parent_page_id: 1,
      position: 3,
    });
    expect(await screen.findByRole('treeitem', { name: 'Team Draft' })).toBeInTheDocument();
    expect(names()).toEqual(['All Pages', 'Home', 'About Draft', 'Contact', 'Team Draft', 'News']);
    expect(api.updatePage).not.toHaveBeenCalled();
    expect(api.movePage).not.toHaveBeenCalled();
  });

  it('removes a new unsaved page on cancel', async () => {
    const { user } = setup();
    await user.click(within(row('Home')).getByRole('button', { name: 'Add child' }));
    expect(names()).toContain('Untitled Draft');
    await user.keyboard('{Escape}');
    expect(names()).toEqual(['All Pages', 'Home', 'About Draft', 'Contact', 'News']);
    expect(api.createPage).not.toHaveBeenCalled();
  });

  it("'Add page here' creates a sibling right after the page", async () => {
    api.createPage.mockResolvedValue(
      treePage(42, 1, 2, { status: 0, blocks: { name: { en: 'Team' } } }),
    );
    const { user } = setup();
    await user.click(within(row('About Draft')).getByRole('button', { name: 'Add page here' }));
    await user.type(screen.getByRole('textbox', { name: 'Page name' }), 'Team{Enter}');
    expect(api.createPage).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Team', parent_page_id: 1, position: 2 }),
    );
    expect(await screen.findByRole('treeitem', { name: 'Team Draft' })).toBeInTheDocument();
    expect(names()).toEqual(['All Pages', 'Home', 'About Draft', 'Team Draft', 'Contact', 'News']);
    expect(api.updatePage).not.toHaveBeenCalled();
    expect(api.movePage).not.toHaveBeenCalled();
  });

  it('moves a page with Alt+Arrow keys and puts it back when the move fails', async () => {
    api.movePage.mockRejectedValue(new HttpError(422, { detail: 'Cannot move a page there' }));
    const { user } = setup();
    row('About Draft').focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(api.movePage).toHaveBeenCalledWith(2, { parent_id: 1, position: 2 });
    expect(
      await screen.findByText('The page could not be moved: Cannot move a page there'),
    ).toBeInTheDocument();
    expect(names()).toEqual(['All Pages', 'Home', 'About Draft', 'Contact', 'News']);
  });

  it('moves focus with arrows, opens and closes, and opens the editor with Enter', async () => {
    const { user, navigate } = setup();
    row('Home').focus();
    await user.keyboard('{ArrowLeft}');
    expect(names()).toEqual(['All Pages', 'Home', 'News']);
    expect(JSON.parse(window.localStorage.getItem('collapsedPages') ?? '{}')).toEqual({ 1: true });
    await user.keyboard('{ArrowDown}');
    expect(row('News')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    // News's children were not embedded: they load as it opens.
    expect(await screen.findByRole('treeitem', { name: 'Story' })).toBeInTheDocument();
    expect(api.listChildren).toHaveBeenCalledWith(4);
    expect(names()).toEqual(['All Pages', 'Home', 'News', 'Story']);
    await user.keyboard('{ArrowRight}');
    expect(row('Story')).toHaveFocus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin/en/pages/5/edit'));
  });

  it('opens the editor of a page renamed with the keyboard once the server has the new name', async () => {
    let answer: (page: TreePage) => void = () => undefined;
    api.updatePage.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user, navigate } = setup();
    row('Contact').focus();
    await user.keyboard('{F2}');
    await user.type(screen.getByRole('textbox', { name: 'Page name' }), ' us{Enter}');
    await vi.waitFor(() => expect(row('Contact us')).toHaveFocus());
    await user.keyboard('{Enter}');
    // The editor would read the page as stored: the old name, while the rename is on its way.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(navigate).not.toHaveBeenCalled();
    answer(treePage(3, 1, 2, { blocks: { name: { en: 'Contact us' } } }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin/en/pages/3/edit'));
  });

  it('moves the focus to the next row after a deletion', async () => {
    const { user } = setup();
    row('About Draft').focus();
    await user.tab();
    expect(within(row('About Draft')).getByRole('link')).toHaveFocus();
    await user.click(within(row('About Draft')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await deleteDialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('treeitem', { name: 'About Draft' })).not.toBeInTheDocument(),
    );
    await vi.waitFor(() => expect(row('Contact')).toHaveFocus());
  });

  it('gives the focus back to the row after a rename, and to the row above after a cancelled new page', async () => {
    const { user } = setup();
    row('Contact').focus();
    await user.keyboard('{F2}');
    await user.type(screen.getByRole('textbox', { name: 'Page name' }), ' us{Enter}');
    await vi.waitFor(() => expect(row('Contact us')).toHaveFocus());
    await user.click(within(row('Contact us')).getByRole('button', { name: 'Add page here' }));
    expect(screen.getByRole('textbox', { name: 'Page name' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(row('Contact us')).toHaveFocus());
  });

  it('keeps the focus on a new page once the server has saved it', async () => {
    let answer: (page: TreePage) => void = () => undefined;
    api.createPage.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = setup();
    await user.click(within(row('Contact')).getByRole('button', { name: 'Add page here' }));
    await user.type(screen.getByRole('textbox', { name: 'Page name' }), 'Team{Enter}');
    await vi.waitFor(() => expect(row('Team Draft')).toHaveFocus());
    answer(treePage(42, 1, 3, { status: 0, blocks: { name: { en: 'Team' } } }));
    await vi.waitFor(() => expect(document.getElementById('tree-row-42')).toHaveFocus());
  });

  it('says a page needs a name instead of saving an empty one', async () => {
    const { user } = setup();
    await user.click(within(row('Home')).getByRole('button', { name: 'Add child' }));
    const field = screen.getByRole('textbox', { name: 'Page name' });
    await user.type(field, '   {Enter}');
    expect(api.createPage).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent("Name: can't be blank");
    expect(field).toHaveAccessibleDescription("Name: can't be blank");
    expect(field).toBeInvalid();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.createPage).not.toHaveBeenCalled();
    await user.type(field, 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the focus on a page moved with Alt+arrows', async () => {
    const { user } = setup();
    row('About Draft').focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(names()).toEqual(['All Pages', 'Home', 'Contact', 'About Draft', 'News']);
    await vi.waitFor(() => expect(row('About Draft')).toHaveFocus());
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(api.movePage).toHaveBeenLastCalledWith(2, { parent_id: 1, position: 1 });
  });
});
