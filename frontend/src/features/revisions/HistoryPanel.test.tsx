// Issue 20, item 7: the History panel — revisions listed, compared and restored.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import type { Page, Template } from '../../api/types';
import { ARABIC, ENGLISH, NORWEGIAN } from '../../test/screenData';
import { installDialogPolyfill } from '../../entities/media/images/test/fixtures';
import { ToastProvider } from '../../ui/toast';
import { useRevisionsAddon } from './useRevisionsAddon';
import type { RevisionsEditor } from './useRevisionsAddon';
import { calls, comparison, restored, revision, stubFetch } from './test/fixtures';

const template = (template_name: string, name: string): Template => ({
  template_name,
  name,
  blocks: [],
  metadata_blocks: [],
  dates: false,
  tags: true,
  images: true,
  files: true,
});

const data = {
  locales: [ENGLISH, NORWEGIAN, ARABIC],
  templates: [template('page', 'Standard page'), template('event', 'Event')],
  authors: [{ id: 2, name: 'Eva Editor' }],
};

const storedPage = { id: 5, lock_version: 3 } as Page;

function Harness(props: { editor: RevisionsEditor; readOnly: boolean; sections?: ReactNode }) {
  const { editor, readOnly, sections } = props;
  const addon = useRevisionsAddon({ data, editor, locale: 'en', readOnly }, { sections });
  return (
    <>
      {addon.actions}
      {addon.banners}
    </>
  );
}

function setup({
  readOnly = false,
  dirty = false,
  page = storedPage,
  sections,
}: { readOnly?: boolean; dirty?: boolean; page?: Page; sections?: ReactNode } = {}) {
  const editor = {
    page,
    dirty,
    replace: vi.fn<RevisionsEditor['replace']>(),
    reload: vi.fn(() => Promise.resolve()),
  };
  render(
    <ToastProvider>
      <Harness editor={editor} readOnly={readOnly} sections={sections} />
    </ToastProvider>,
  );
  return { user: userEvent.setup(), editor };
}

const base = '/admin/en/pages/5';
const newest = revision(12, { summary: 'Changed Body (en)', at: new Date().toISOString() });
const older = revision(9, {
  summary: 'Created in en',
  kind: 'create',
  user: { id: null, username: '', name: '' },
  at: '2026-05-01T08:00:00Z',
});

/** The list answers newest and older; compares answer the fixture; restores succeed. */
function serve(overrides: Parameters<typeof stubFetch>[0] = () => undefined) {
  return stubFetch((method, url, body) => {
    const answer = overrides(method, url, body);
    if (answer) return answer;
    if (url === `${base}/revisions.json?page=1`) return [200, [newest, older]];
    const compared = /revisions\/(\d+)\/compare\.json\?with=(\w+)&all=(\w+)/.exec(url);
    if (compared) {
      const to = compared[2] === 'current' ? null : newest;
      return [200, comparison(compared[1] === '9' ? older : newest, to)];
    }
    return undefined;
  });
}

/** The element at `index`, which the test expects to be there. */
function nth(elements: HTMLElement[], index: number): HTMLElement {
  const element = elements[index];
  if (!element) throw new Error(`No element ${index}`);
  return element;
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'History' }));
  const panel = screen.getByRole('dialog', { name: 'History' });
  await within(panel).findByText('Changed Body (en)');
  return panel;
}

beforeAll(installDialogPolyfill);
afterEach(() => vi.unstubAllGlobals());

describe('the History panel', () => {
  it('lists the revisions newest first: what, who, how long ago and the exact time', async () => {
    const fetchMock = serve();
    const { user } = setup();
    const panel = await openPanel(user);
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.revision__summary')?.textContent)).toEqual([
      'Changed Body (en)',
      'Created in en',
    ]);
    expect(rows[0]).toHaveTextContent('Eva Editor');
    expect(rows[0]).toHaveTextContent('now');
    expect(rows[1]).toHaveTextContent('A former user');
    const when = rows[1]?.querySelector('time');
    expect(when).toHaveAttribute('datetime', '2026-05-01T08:00:00Z');
    expect(when?.getAttribute('title')).toMatch(/2026/);
    expect(calls(fetchMock)).toEqual([`GET ${base}/revisions.json?page=1`]);
    // Fewer than 50: nothing older to ask for.
    expect(within(panel).queryByRole('button', { name: 'Older' })).toBeNull();
  });

  it('offers Older when a page of 50 came full, and adds the next page below', async () => {
    const full = Array.from({ length: 50 }, (_, index) => revision(200 - index));
    const fetchMock = serve((_method, url) => {
      if (url.endsWith('page=1')) return [200, full];
      if (url.endsWith('page=2')) return [200, [revision(150, { summary: 'The oldest' })]];
      return undefined;
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'History' }));
    const panel = screen.getByRole('dialog', { name: 'History' });
    // (Queried by text: roles over 50 rows cost jsdom seconds.)
    await user.click(await within(panel).findByText('Older', { selector: 'button' }));
    await within(panel).findByText('The oldest');
    expect(panel.querySelectorAll('li.revision')).toHaveLength(51);
    expect(within(panel).queryByText('Older', { selector: 'button' })).toBeNull();
    expect(calls(fetchMock)).toContain(`GET ${base}/revisions.json?page=2`);
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let fail = true;
    serve((_method, url) => (url.endsWith('page=1') && fail ? [500, {}] : undefined));
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'History' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The history could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Changed Body (en)');
  });

  it('lists the working copy and scheduled changes apart, above the saved versions', async () => {
    serve();
    const { user } = setup({ sections: <p>Your working copy</p> });
    const panel = await openPanel(user);
    const extra = within(panel).getByText('Your working copy');
    const saved = within(panel).getByRole('heading', { name: 'Saved versions' });
    expect(extra.compareDocumentPosition(saved) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no History for a page never saved', () => {
    serve();
    setup({ page: { id: null, lock_version: 0 } as Page });
    expect(screen.queryByRole('button', { name: 'History' })).toBeNull();
  });
});

describe('comparing', () => {
  it('compares a revision with the current page in one click, word by word', async () => {
    const fetchMock = serve();
    const { user } = setup();
    const panel = await openPanel(user);
    const row = within(panel).getAllByRole('listitem')[1] as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Compare with current' }));
    const view = screen.getByRole('dialog', { name: 'Compare versions' });
    await within(view).findByRole('region', { name: 'Body' });
    expect(calls(fetchMock)).toContain(
      `GET ${base}/revisions/9/compare.json?with=current&all=false`,
    );
    expect(view).toHaveTextContent('The page as saved now');
    // The changed word is marked on each side; the bold marks around it stay marks.
    const body = within(view).getByRole('region', { name: 'Body' });
    expect([...body.querySelectorAll('del')].map((del) => del.textContent)).toEqual([
      'Removed: brown',
      'Removed: بالعالم',
    ]);
    expect([...body.querySelectorAll('ins')].map((ins) => ins.textContent)).toEqual([
      'Added: red',
      'Added: بالجميع',
    ]);
    expect(body.querySelectorAll('.diff__mark')).toHaveLength(4);
    // Each locale named in its own language; its text in its own direction.
    const arabic = within(body).getByText('العربية');
    expect(arabic).toHaveAttribute('lang', 'ar');
    const cells = body.querySelectorAll('.diff-cell__text[lang="ar"]');
    expect(cells).toHaveLength(2);
    expect(cells[0]).toHaveAttribute('dir', 'rtl');
    expect(body.querySelector('.diff-cell__text[lang="en"]')).toHaveAttribute('dir', 'ltr');
  });

  it('lists the changed fields from → to, in words', async () => {
    serve();
    const { user } = setup();
    const panel = await openPanel(user);
    await user.click(
      nth(within(panel).getAllByRole('button', { name: 'Compare with current' }), 0),
    );
    const fields = await screen.findByRole('region', { name: 'Changed fields' });
    expect(fields).toHaveTextContent('TemplateBefore Standard page → After Event');
    expect(fields).toHaveTextContent('TagsRemoved: EventsAdded: Music');
    expect(fields).toHaveTextContent('Path segment · العربية');
  });

  it('shows every block with one click, unchanged ones said so', async () => {
    const fetchMock = serve((_method, url) =>
      url.includes('all=true')
        ? [
            200,
            comparison(older, null, {
              blocks: [
                ...comparison(older, null).blocks,
                {
                  name: 'intro',
                  title: 'Intro',
                  locale: 'en',
                  from: 'Same',
                  to: 'Same',
                  changed: false,
                },
              ],
            }),
          ]
        : undefined,
    );
    const { user } = setup();
    const panel = await openPanel(user);
    await user.click(
      nth(within(panel).getAllByRole('button', { name: 'Compare with current' }), 0),
    );
    const view = screen.getByRole('dialog', { name: 'Compare versions' });
    await within(view).findByRole('region', { name: 'Body' });
    expect(within(view).queryByRole('region', { name: 'Intro' })).toBeNull();
    await user.click(within(view).getByRole('checkbox', { name: 'Show all blocks' }));
    const intro = await within(view).findByRole('region', { name: 'Intro' });
    expect(intro).toHaveTextContent('Unchanged');
    expect(calls(fetchMock)).toContain(
      `GET ${base}/revisions/9/compare.json?with=current&all=true`,
    );
  });

  it('compares two ticked revisions, the older on the left', async () => {
    const fetchMock = serve();
    const { user } = setup();
    const panel = await openPanel(user);
    const compare = () => within(panel).queryByRole('button', { name: 'Compare selected' });
    expect(compare()).toBeNull();
    await user.click(within(panel).getByRole('checkbox', { name: /Changed Body \(en\)/ }));
    expect(compare()).toBeDisabled();
    await user.click(within(panel).getByRole('checkbox', { name: /Created in en/ }));
    expect(within(panel).getByRole('status')).toHaveTextContent('2 versions selected');
    await user.click(within(panel).getByRole('button', { name: 'Compare selected' }));
    await screen.findByRole('region', { name: 'Body' });
    expect(calls(fetchMock)).toContain(`GET ${base}/revisions/9/compare.json?with=12&all=false`);
  });

  it('says when two versions are the same', async () => {
    serve((_method, url) =>
      url.includes('compare')
        ? [200, comparison(older, null, { fields: [], blocks: [] })]
        : undefined,
    );
    const { user } = setup();
    const panel = await openPanel(user);
    await user.click(
      nth(within(panel).getAllByRole('button', { name: 'Compare with current' }), 0),
    );
    await screen.findByText('No differences: the two versions are the same.');
    // The same as the page now: restoring it would change nothing, so it is not offered.
    const view = screen.getByRole('dialog', { name: 'Compare versions' });
    expect(within(view).queryByRole('button', { name: 'Restore this version…' })).toBeNull();
  });
});

describe('restoring', () => {
  it('asks first, naming the revision, then gives the editor the restored page', async () => {
    const page = { ...storedPage, lock_version: 4 } as Page;
    const fetchMock = serve((method, url) =>
      method === 'POST' && url === `${base}/revisions/9/restore.json`
        ? [200, restored(page)]
        : undefined,
    );
    const { user, editor } = setup({ dirty: true });
    const panel = await openPanel(user);
    await user.click(nth(within(panel).getAllByRole('button', { name: 'Restore…' }), 0));
    const dialog = screen.getByRole('dialog', { name: /Restore the version of .*2026/ });
    expect(dialog).toHaveTextContent('Created in en');
    expect(dialog).toHaveTextContent('by A former user');
    expect(dialog).toHaveTextContent('The unsaved changes in the form will be discarded.');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(editor.replace).toHaveBeenCalledWith(restored(page), 'en'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ lock_version: 3 });
    expect(screen.queryByRole('dialog', { name: 'History' })).toBeNull();
    expect(await screen.findByText(/The version of .* is restored\./)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says which images and files the restored version lost', async () => {
    serve((method) =>
      method === 'POST'
        ? [200, restored(storedPage, { missing_image_ids: [12], missing_attachment_ids: [7] })]
        : undefined,
    );
    const { user } = setup();
    const panel = await openPanel(user);
    await user.click(nth(within(panel).getAllByRole('button', { name: 'Restore…' }), 0));
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('were left out: image 12, file 7.');
    await user.click(within(warning).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on a conflict shows the editor’s conflict message, and restores anyway over it', async () => {
    const fetchMock = serve((method, _url, body) => {
      if (method !== 'POST') return undefined;
      const version = (body as { lock_version: number }).lock_version;
      return version === 3
        ? [409, { detail: 'Somebody else changed this page.', lock_version: 6 }]
        : [200, restored({ ...storedPage, lock_version: 7 } as Page)];
    });
    const { user, editor } = setup();
    const panel = await openPanel(user);
    await user.click(nth(within(panel).getAllByRole('button', { name: 'Restore…' }), 0));
    const dialog = screen.getByRole('dialog', { name: /Restore the version/ });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Somebody else changed this page.');
    expect(editor.replace).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Restore anyway' }));
    await waitFor(() => expect(editor.replace).toHaveBeenCalled());
    const versions = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)).lock_version);
    expect(versions).toEqual([3, 6]);
  });

  it('reloads the editor from a conflict', async () => {
    serve((method) =>
      method === 'POST'
        ? [409, { detail: 'Somebody else changed this page.', lock_version: 6 }]
        : undefined,
    );
    const { user, editor } = setup();
    const panel = await openPanel(user);
    await user.click(nth(within(panel).getAllByRole('button', { name: 'Restore…' }), 0));
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await user.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(editor.reload).toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'History' })).toBeNull();
  });

  it('shows the rule that refuses it (422)', async () => {
    serve((method) =>
      method === 'POST'
        ? [422, { ...storedPage, errors: [['path_segment', 'is already used by a sibling']] }]
        : undefined,
    );
    const { user, editor } = setup();
    const panel = await openPanel(user);
    await user.click(nth(within(panel).getAllByRole('button', { name: 'Restore…' }), 0));
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This version cannot be restored as it is:');
    expect(alert).toHaveTextContent('Path segment: is already used by a sibling');
    expect(editor.replace).not.toHaveBeenCalled();
  });

  it('offers no restore to a user who may not edit the page', async () => {
    serve();
    const { user } = setup({ readOnly: true });
    const panel = await openPanel(user);
    expect(within(panel).queryByRole('button', { name: 'Restore…' })).toBeNull();
    await user.click(
      nth(within(panel).getAllByRole('button', { name: 'Compare with current' }), 0),
    );
    const view = screen.getByRole('dialog', { name: 'Compare versions' });
    expect(within(view).queryByRole('button', { name: 'Restore this version…' })).toBeNull();
  });

  it('restores from the compare view too', async () => {
    serve((method) => (method === 'POST' ? [200, restored(storedPage)] : undefined));
    const { user, editor } = setup();
    const panel = await openPanel(user);
    await user.click(
      nth(within(panel).getAllByRole('button', { name: 'Compare with current' }), 0),
    );
    const view = screen.getByRole('dialog', { name: 'Compare versions' });
    await user.click(within(view).getByRole('button', { name: 'Restore this version…' }));
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(editor.replace).toHaveBeenCalled());
  });
});

describe('the newest version and restores (issue 28)', () => {
  it('offers no compare or restore on the newest version: it is the page as it is now', async () => {
    serve();
    const { user } = setup();
    const panel = await openPanel(user);
    const [newestRow, olderRow] = within(panel).getAllByRole('listitem') as HTMLElement[];
    expect(newestRow).toHaveTextContent('As the page is now');
    expect(within(newestRow as HTMLElement).queryByRole('button')).toBeNull();
    expect(
      within(olderRow as HTMLElement).getByRole('button', { name: 'Compare with current' }),
    ).toBeInTheDocument();
  });

  it('names the version a restore brought back by its time, author and languages', async () => {
    const restore = revision(13, {
      kind: 'restore',
      summary: 'Restored the version of 1 May 2026 by Eva (English)',
      restored: { at: '2026-05-01T08:00:00Z', name: 'Eva Editor', locales: ['en', 'ar'] },
    });
    serve((_method, url) =>
      url.endsWith('revisions.json?page=1') ? [200, [restore, newest, older]] : undefined,
    );
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'History' }));
    const panel = screen.getByRole('dialog', { name: 'History' });
    const summary = await within(panel).findByText(/^Restored the version of/);
    expect(summary.textContent).toMatch(/2026.* by Eva Editor \(English, Arabic\)$/);
    expect(summary.textContent).not.toContain('13');
  });
});
