// Issue 33, items 3 and 4 in the editor: "Linked from N pages" in the sidebar, read after the
// editor has painted; the broken links under their block; Save asks first when it would
// unpublish or delete a page others link to, and says a hidden page's links keep working.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrokenLinks, LinkedFrom, Page } from '../../api/types';
import { fakeLinksApi, linkingPages } from '../../entities/links/test/fakeLinksApi';
import { installDialogPolyfill } from '../../entities/media/images/test/fixtures';
import { ToastProvider } from '../../ui/toast';
import type { EditorApi } from '../pageEditor/api';
import type { UseEditorAddons } from '../pageEditor/addons';
import { PageEditorScreen } from '../pageEditor/PageEditorScreen';
import { initialData, page } from '../pageEditor/test/fixtures';
import { pageGoing, useLinksAddon } from './useLinksAddon';

interface Options {
  linkedFrom?: (page: number) => Promise<LinkedFrom>;
  broken?: BrokenLinks;
  answer?: boolean;
}

function open(stored: Partial<Page>, { linkedFrom, broken, answer = true }: Options = {}) {
  const api = fakeLinksApi(linkedFrom, async () => broken ?? { links: [], total: 0 });
  const confirm = vi.fn(async () => answer);
  const editorApi = {
    save: vi.fn<EditorApi['save']>(async (_locale, _id, body) => ({
      kind: 'saved' as const,
      page: page({ ...stored, status: body.page.status as Page['status'], lock_version: 4 }),
    })),
    load: vi.fn<EditorApi['load']>().mockResolvedValue(page(stored)),
  };
  const useAddons: UseEditorAddons = (context) => useLinksAddon(context, { api, confirm });
  render(
    <ToastProvider>
      <PageEditorScreen
        data={initialData({ page: page(stored) })}
        api={editorApi}
        confirm={() => false}
        useAddons={useAddons}
      />
    </ToastProvider>,
  );
  return { api, confirm, editorApi, user: userEvent.setup() };
}

const status = () => screen.getByRole('combobox', { name: 'Status' });

beforeAll(installDialogPolyfill);

describe('pageGoing', () => {
  it.each([
    [2, 0, 'unpublish'],
    [2, 1, 'unpublish'],
    [3, 0, 'unpublish'],
    [2, 4, 'delete'],
    [3, 4, 'delete'],
    [2, 3, 'hide'],
    [0, 4, null],
    [0, 2, null],
    [3, 2, null],
    [2, 2, null],
  ])('from %s to %s: %s', (saved, chosen, going) => {
    expect(pageGoing(saved, chosen)).toBe(going);
  });
});

describe('links in the editor', { timeout: 20_000 }, () => {
  it('paints the editor first, then says how many pages link here, listed in a disclosure', async () => {
    let tell: (answer: LinkedFrom) => void = () => {};
    const pending = new Promise<LinkedFrom>((resolve) => {
      tell = resolve;
    });
    const more = linkingPages(52);
    const { api, user } = open({ status: 2 }, { linkedFrom: (n) => (n === 1 ? pending : more(n)) });
    // The editor is there while the count is not.
    expect(screen.getByRole('heading', { name: 'Team' })).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Links' });
    expect(panel).toHaveTextContent('Looking for pages that link here…');
    tell(await more(1));
    const summary = await within(panel).findByText('Linked from 52 pages');
    expect(api.linkedFrom).toHaveBeenCalledWith('en', 5, 1);
    await user.click(summary);
    expect(within(panel).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/admin/en/pages/1/edit',
    );
    await user.click(within(panel).getByRole('button', { name: 'Show more' }));
    expect(await within(panel).findByRole('link', { name: 'Page 52' })).toBeInTheDocument();
    expect(
      within(panel).getByRole('link', { name: 'Broken links here and below' }),
    ).toHaveAttribute('href', '/admin/en/reports?tab=broken&under=5');
  });

  it('says so when no page links here', async () => {
    open({ status: 2 });
    expect(await screen.findByText('No page links here.')).toBeInTheDocument();
  });

  it('names the broken links under their block, with the reason in words', async () => {
    const broken = {
      links: [
        {
          page_id: 5,
          locale: 'en',
          block: 'body',
          url: '/en/old-news',
          reason: 'deleted',
          checked_at: null,
          name: 'Five',
          name_locale: 'en',
        },
        {
          page_id: 5,
          locale: 'en',
          block: 'body',
          url: 'https://example.org/x',
          reason: 'http_404',
          checked_at: null,
          name: 'Five',
          name_locale: 'en',
        },
        {
          page_id: 5,
          locale: '',
          block: 'headline',
          url: '/en/draft',
          reason: 'unpublished',
          checked_at: null,
          name: 'Five',
          name_locale: 'en',
        },
      ],
      total: 3,
    };
    const { api } = open({ status: 2 }, { broken });
    const title = await screen.findByText('2 broken links in this block');
    expect(api.brokenLinks).toHaveBeenCalledWith('en', { page: 1, pageId: 5 });
    const body = title.closest('.broken-links');
    expect(body).toHaveTextContent(
      '/en/old-news The page it links to, or a page above it, is deleted.',
    );
    expect(body).toHaveTextContent(
      'https://example.org/x The site says the page is not there (404).',
    );
    expect(screen.getByText('/en/draft').closest('.broken-links')).toHaveTextContent(
      'One broken link in this block',
    );
  });

  it('asks before a save that unpublishes a linked page, and saves only on yes', async () => {
    const { confirm, editorApi, user } = open(
      { status: 2 },
      { linkedFrom: linkingPages(4), answer: false },
    );
    await screen.findByText('Linked from 4 pages');
    await user.selectOptions(status(), 'Draft');
    expect(
      within(screen.getByRole('region', { name: 'Links' })).getByRole('status'),
    ).toHaveTextContent(
      '4 pages link to this page: once you save, their links will show as plain text.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(confirm).toHaveBeenCalledWith({
      going: 'unpublish',
      pageId: 5,
      name: 'Team',
      locale: 'en',
      question: 'Unpublish this page? Visitors will no longer reach it.',
    });
    expect(editorApi.save).not.toHaveBeenCalled();
    confirm.mockResolvedValue(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(editorApi.save).toHaveBeenCalledTimes(1));
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('asks with the specification’s question before a delete', async () => {
    const { confirm, user } = open({ status: 3 }, { linkedFrom: linkingPages(1) });
    await screen.findByText('Linked from one page');
    await user.selectOptions(status(), 'Deleted');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        going: 'delete',
        question: 'Are you sure you want to delete this page?',
      }),
    );
  });

  it('hides without asking, and says the links keep working', async () => {
    const { confirm, editorApi, user } = open({ status: 2 }, { linkedFrom: linkingPages(2) });
    await screen.findByText('Linked from 2 pages');
    await user.selectOptions(status(), 'Hidden');
    expect(
      within(screen.getByRole('region', { name: 'Links' })).getByRole('status'),
    ).toHaveTextContent(
      '2 pages link to this page. Hidden, it stays reachable: their links keep working.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(editorApi.save).toHaveBeenCalledTimes(1));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('does not ask when no page links here', async () => {
    const { confirm, editorApi, user } = open({ status: 2 });
    await screen.findByText('No page links here.');
    await user.selectOptions(status(), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(editorApi.save).toHaveBeenCalledTimes(1));
    expect(confirm).not.toHaveBeenCalled();
  });
});
