import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import { installDialogPolyfill } from '../../entities/media/images/test/fixtures';
import { createPageSelection } from '../../entities/pageSelection/selection';
import { BulkActions } from './BulkActions';
import { createBulkApi } from './api';

beforeAll(installDialogPolyfill);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  setLanguage('en');
});

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A server answering the bulk calls: `answer` by address, every call noted. */
function stubServer(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

const accepted = (total: number) =>
  Response.json({ id: 77, state: 'queued', total }, { status: 202 });

function setup(count = 3, storage?: Storage) {
  const selection = createPageSelection();
  selection.setMany(
    Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Page ${index + 1}` })),
    true,
  );
  const host = { refresh: vi.fn() };
  const view = render(
    <BulkActions
      selection={selection}
      locale="en"
      host={host}
      api={createBulkApi()}
      storage={storage}
    />,
  );
  return { selection, host, user: userEvent.setup(), view };
}

const bar = () => screen.getByRole('group', { name: 'Actions on the selected pages' });

describe('the bulk bar', () => {
  it('shows only while pages are selected, with their count and Clear selection', async () => {
    const { selection, user } = setup(30);
    expect(within(bar()).getByText('30 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(selection.size).toBe(0);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    act(() => selection.setMany([{ id: 9, name: 'Nine' }], true));
    expect(within(bar()).getByText('1 selected')).toBeInTheDocument();
  });

  it('offers the eight actions', () => {
    setup();
    expect(
      within(bar())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Clear selection',
      'Publish',
      'Hide',
      'Unpublish',
      'Delete',
      'Move under…',
      'Add tag…',
      'Remove tag…',
      'Submit for review',
    ]);
  });

  it('says what goes live before publishing, then posts the pages and shows the job', async () => {
    const calls = stubServer(() => accepted(30));
    const { selection, user } = setup(30);
    await user.click(within(bar()).getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog', { name: 'Before it happens' });
    expect(dialog).toHaveTextContent('Publish 30 pages? Visitors will see them at once.');
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/admin/en/bulk.json',
        body: { action: 'publish', page_ids: Array.from({ length: 30 }, (_, i) => i + 1) },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Publish: 30 pages' })).toHaveFocus();
    expect(screen.getByText('Waiting to start…')).toBeInTheDocument();
    expect(selection.size).toBe(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const calls = stubServer(() => accepted(3));
    const { selection, user } = setup();
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Delete 3 pages and the pages below them? Visitors will no longer see them.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    expect(selection.size).toBe(3);
  });

  it('moves the pages under a page found by name, not offering the selected ones', async () => {
    const calls = stubServer(({ url }) =>
      url.startsWith('/admin/en/pages.json')
        ? Response.json([
            { id: 2, blocks: { name: { en: 'Page 2 and more' } } },
            { id: 40, blocks: { name: { en: 'Page archive' } } },
          ])
        : accepted(3),
    );
    const { user } = setup();
    await user.click(within(bar()).getByRole('button', { name: 'Move under…' }));
    const picker = screen.getByRole('dialog', { name: 'Move the selected pages' });
    await user.type(within(picker).getByRole('searchbox', { name: 'Find a page' }), 'Page');
    await user.click(within(picker).getByRole('button', { name: 'Search' }));
    await user.click(await within(picker).findByRole('radio', { name: 'Page archive' }));
    expect(
      within(picker).queryByRole('radio', { name: 'Page 2 and more' }),
    ).not.toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'Move here' }));
    const dialog = screen.getByRole('dialog', { name: 'Before it happens' });
    expect(dialog).toHaveTextContent('Move 3 pages under “\u2068Page archive\u2069”?');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/admin/en/bulk.json',
      body: { action: 'move', page_ids: [1, 2, 3], parent_page_id: 40 },
    });
  });

  it.each([
    ['Add tag…', 'tag', 'Add the tag'],
    ['Remove tag…', 'untag', 'Remove the tag'],
  ])('%s asks for the tag, tidied, then sends it', async (button, action, confirm) => {
    const calls = stubServer(() => accepted(3));
    const { user } = setup();
    await user.click(within(bar()).getByRole('button', { name: button }));
    const form = screen.getByRole('dialog');
    await user.click(within(form).getByRole('button', { name: 'Next' }));
    expect(within(form).getByText('Type a tag.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Tag' }), '  Spring   sale ');
    await user.click(within(form).getByRole('button', { name: 'Next' }));
    const dialog = screen.getByRole('dialog', { name: 'Before it happens' });
    expect(dialog).toHaveTextContent('“\u2068Spring sale\u2069”');
    await user.click(within(dialog).getByRole('button', { name: confirm }));
    expect(calls.at(-1)?.body).toEqual({ action, page_ids: [1, 2, 3], tag: 'Spring sale' });
  });

  it('shows the server’s refusal in the confirmation and keeps the selection', async () => {
    stubServer(() =>
      Response.json({ errors: [['page_ids', 'At most 1000 pages at once.']] }, { status: 422 }),
    );
    const { selection, user } = setup();
    await user.click(within(bar()).getByRole('button', { name: 'Submit for review' }));
    const dialog = screen.getByRole('dialog', { name: 'Before it happens' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit for review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The action could not be started: At most 1000 pages at once.',
    );
    expect(selection.size).toBe(3);
    expect(screen.queryByRole('heading', { level: 2, name: /Submit/ })).toBeNull();
  });
});

describe('the jobs started', () => {
  it('are found again after a reload, following the job without taking the focus, until closed', async () => {
    stubServer(({ method, url }) =>
      method === 'POST'
        ? accepted(3)
        : url === '/admin/jobs/77.json'
          ? Response.json({
              id: 77,
              state: 'done',
              total: 3,
              done: 3,
              results: [1, 2, 3].map((id) => ({ page_id: id, outcome: 'done', message: null })),
            })
          : Response.json({}, { status: 404 }),
    );
    const first = setup(3, window.sessionStorage);
    await first.user.click(within(bar()).getByRole('button', { name: 'Hide' }));
    await first.user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Hide' }),
    );
    expect(await screen.findByRole('heading', { name: 'Hide: 3 pages' })).toHaveFocus();
    first.view.unmount();

    const again = setup(0, window.sessionStorage);
    const heading = await screen.findByRole('heading', { name: 'Hide: 3 pages' });
    expect(heading).not.toHaveFocus();
    expect(await screen.findByText('3 pages done.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(again.host.refresh).toHaveBeenCalledTimes(1);
    await again.user.click(screen.getByRole('button', { name: 'Close' }));
    again.view.unmount();
    setup(0, window.sessionStorage);
    expect(screen.queryByRole('heading', { name: 'Hide: 3 pages' })).not.toBeInTheDocument();
  });

  it('are offered and confirmed in Arabic with the plural forms of the language', async () => {
    setLanguage('ar');
    stubServer(() => accepted(2));
    const { user } = setup(2);
    const group = screen.getByRole('group', { name: 'إجراءات على الصفحات المحددة' });
    expect(within(group).getByText('صفحتان محددتان')).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'نشر' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('نشر صفحتين؟ سيراهما الزوار فورًا.');
  });
});
