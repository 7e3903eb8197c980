// Issue 32 (DESIGN §3): one who holds `submit` without `edit` sees "Submit for review" in Save's
// place whenever saving would change what visitors see; the change waits under a banner with
// Withdraw while the form stays theirs; a change sent back shows the reviewer's words.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page, Review } from '../../api/types';
import { installDialogPolyfill } from '../../entities/media/images/test/fixtures';
import { ToastProvider } from '../../ui/toast';
import type { EditorApi } from '../pageEditor/api';
import type { UseEditorAddons } from '../pageEditor/addons';
import { PageEditorScreen } from '../pageEditor/PageEditorScreen';
import { initialData, page } from '../pageEditor/test/fixtures';
import type { ReviewApi } from './api';
import { useReviewAddon } from './useReviewAddon';

const author = { id: 1, name: 'Admin', username: 'admin' };

function review(overrides: Partial<Review> = {}): Review {
  return {
    id: 9,
    state: 'waiting',
    user: author,
    at: '2026-05-02T10:00:00Z',
    message: 'New wording',
    page_id: 5,
    locale: 'en',
    locales: ['en'],
    fields: ['body'],
    page: { body: 'Hello all' },
    by_locale: { en: { fields: ['body'], page: { body: 'Hello all' } } },
    lock_version: 3,
    decided_by: null,
    decided_at: null,
    decision: null,
    comments: [],
    revision_id: null,
    scheduled_id: null,
    ...overrides,
  };
}

function fakeApi(reviews: Review[] = []): ReviewApi {
  return {
    list: vi.fn(() => Promise.resolve(reviews)),
    get: vi.fn(),
    submit: vi.fn((_locale, _id, body) =>
      Promise.resolve({ kind: 'submitted' as const, review: review({ message: body.message }) }),
    ),
    withdraw: vi.fn(() => Promise.resolve(review({ state: 'withdrawn' }))),
    approve: vi.fn(),
    requestChanges: vi.fn(),
    comment: vi.fn(),
    create: vi.fn((_locale, fields) =>
      Promise.resolve({
        kind: 'created' as const,
        page: page({
          ...(fields as Partial<Page>),
          id: 77,
          lock_version: 0,
          permissions: ['create', 'submit'],
        }),
      }),
    ),
    queue: vi.fn(),
    page: vi.fn(),
  };
}

/** The author's working copies in other locales: none unless a test gives some. */
function noCopies(copies: Record<string, Record<string, unknown>> = {}) {
  return {
    load: vi.fn((locale: string) => Promise.resolve(copies[locale] ?? null)),
  };
}

function open(stored: Partial<Page>, api: ReviewApi, copies = noCopies()) {
  const editorApi = {
    save: vi.fn<EditorApi['save']>().mockResolvedValue({ kind: 'saved', page: page(stored) }),
    load: vi.fn<EditorApi['load']>().mockResolvedValue(page(stored)),
  };
  const useAddons: UseEditorAddons = (context) => useReviewAddon(context, { api, copies });
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
  return { editorApi, user: userEvent.setup() };
}

const submitOnly = { permissions: ['submit' as const] };
const bodyField = () => screen.getByRole('textbox', { name: /Body/ });

beforeAll(installDialogPolyfill);

describe('Submit for review', { timeout: 20_000 }, () => {
  it('takes Save’s place on a published page and submits the form with a message', async () => {
    const api = fakeApi();
    const { editorApi, user } = open({ ...submitOnly, status: 2 }, api);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await user.type(bodyField(), ' all');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit for review' });
    await user.type(screen.getByLabelText('Message to the reviewers (optional)'), 'New wording');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(api.submit).toHaveBeenCalledTimes(1);
    const [locale, pageId, body] = vi.mocked(api.submit).mock.calls[0] ?? [];
    expect([locale, pageId, body?.lock_version, body?.message]).toEqual([
      'en',
      5,
      3,
      'New wording',
    ]);
    expect(body?.page).toMatchObject({ body: 'Hello all', status: 2 });
    expect(editorApi.save).not.toHaveBeenCalled();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByText('Waiting for review')).toBeInTheDocument();
    // The author goes on editing their copy.
    expect(bodyField()).toBeEnabled();
    expect(bodyField()).toHaveValue('Hello all');
  });

  it('sends the author’s working copies in other locales with the change', async () => {
    const api = fakeApi();
    api.submit = vi.fn((_locale, _id, body) =>
      Promise.resolve({
        kind: 'submitted' as const,
        review: review({ message: body.message, locales: ['en', 'nb'] }),
      }),
    );
    const copies = noCopies({
      nb: { body: 'Hei alle', layout: 'standard', status: 3, lock_version: 3 },
    });
    const { user } = open({ ...submitOnly, status: 2 }, api, copies);
    await user.type(bodyField(), ' all');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await screen.findByRole('dialog', { name: 'Submit for review' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.submit).toHaveBeenCalledTimes(1));
    expect(copies.load).toHaveBeenCalledWith('nb', 5);
    const [, , body] = vi.mocked(api.submit).mock.calls[0] ?? [];
    // Only Norwegian's own fields: the layout and status are the page's, sent once in `page`.
    expect(body?.locales).toEqual({ nb: { body: 'Hei alle' } });
    expect(body?.page).toMatchObject({ body: 'Hello all' });
    expect(await screen.findByText(/with your working copies in Norsk bokmål/)).toBeInTheDocument();
  });

  it('sends the locale shown alone when no other copy is of the page as it is', async () => {
    const api = fakeApi();
    const { user } = open(
      { ...submitOnly, status: 2 },
      api,
      noCopies({ nb: { body: 'Hei', lock_version: 1 } }),
    );
    await user.type(bodyField(), ' all');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await screen.findByRole('dialog', { name: 'Submit for review' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.submit).toHaveBeenCalledTimes(1));
    const [, , body] = vi.mocked(api.submit).mock.calls[0] ?? [];
    expect(body).not.toHaveProperty('locales');
  });

  it('saves a draft as Save does, and submits once the status would publish it', async () => {
    const api = fakeApi();
    const { editorApi, user } = open({ ...submitOnly, status: 0 }, api);
    await user.type(bodyField(), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(editorApi.save).toHaveBeenCalledTimes(1);
    await user.selectOptions(screen.getByRole('combobox', { name: /Status/ }), 'Published');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeInTheDocument();
  });

  it('asks for the message on Ctrl+S instead of saving', async () => {
    const api = fakeApi();
    const { editorApi, user } = open({ ...submitOnly, status: 3 }, api);
    await user.keyboard('{Control>}s{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Submit for review' })).toBeInTheDocument();
    expect(editorApi.save).not.toHaveBeenCalled();
  });

  it('shows the waiting change with Withdraw, which withdraws it', async () => {
    const api = fakeApi([review()]);
    const { user } = open({ ...submitOnly, status: 2 }, api);
    expect(await screen.findByText('Waiting for review')).toBeInTheDocument();
    expect(screen.getByText('New wording')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(api.withdraw).toHaveBeenCalledWith('en', 5, 9);
    await waitFor(() => expect(screen.queryByText('Waiting for review')).toBeNull());
  });

  it('shows the reviewer’s words on a change sent back', async () => {
    const api = fakeApi([
      review({
        state: 'changes_requested',
        decided_by: { id: 2, name: 'Rita', username: 'rita' },
        decided_at: '2026-05-02T11:00:00Z',
        comments: [
          {
            user: { id: 2, name: 'Rita', username: 'rita' },
            at: '2026-05-02T11:00:00Z',
            text: 'Say who to call',
            kind: 'changes_requested',
            locale: null,
            block: null,
          },
        ],
      }),
    ]);
    open({ ...submitOnly, status: 2 }, api);
    expect(await screen.findByText('Changes requested')).toBeInTheDocument();
    expect(screen.getByText('Say who to call')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('shows the reviewer’s comment on a block under that block’s field, in its locale', async () => {
    const said = (text: string, block: string | null, locale: string | null) => ({
      user: { id: 2, name: 'Rita', username: 'rita' },
      at: '2026-05-02T11:00:00Z',
      text,
      kind: 'comment',
      locale,
      block,
    });
    const api = fakeApi([
      review({
        state: 'changes_requested',
        comments: [
          said('Name the opening hours', 'body', 'en'),
          said('Skriv åpningstidene', 'body', 'nb'),
          said('Fine overall', null, null),
        ],
      }),
    ]);
    open({ ...submitOnly, status: 2 }, api);
    const notes = await screen.findByRole('complementary', { name: 'From the review' });
    expect(notes).toHaveTextContent('Name the opening hours');
    // Another locale's comment is not this one's; one on the whole change is not a block's.
    expect(notes).not.toHaveTextContent('Skriv åpningstidene');
    expect(screen.getAllByRole('complementary', { name: 'From the review' })).toHaveLength(1);
  });

  it('submits a new page’s first publication in one go: created unseen, then submitted', async () => {
    const api = fakeApi();
    const newPage = {
      id: null,
      status: 2 as const,
      permissions: ['create' as const, 'submit' as const],
    };
    const { editorApi, user } = open(newPage, api);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await user.type(bodyField(), ' all');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await user.type(screen.getByLabelText('Message to the reviewers (optional)'), 'A new page');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // Created as a draft visitors cannot see, where the form puts it …
    expect(api.create).toHaveBeenCalledWith(
      'en',
      expect.objectContaining({ status: 0, parent_page_id: 2, body: 'Hello all' }),
    );
    // … then what the form holds submitted over it, from the version created.
    await waitFor(() => expect(api.submit).toHaveBeenCalledTimes(1));
    const [locale, pageId, body] = vi.mocked(api.submit).mock.calls[0] ?? [];
    expect([locale, pageId, body?.lock_version, body?.message]).toEqual([
      'en',
      77,
      0,
      'A new page',
    ]);
    expect(body?.page).toMatchObject({ status: 2, body: 'Hello all' });
    expect(editorApi.save).not.toHaveBeenCalled();
    expect(await screen.findByText('Waiting for review')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/en/pages/77/edit');
    // The form stays the author's: published, as submitted.
    expect(screen.getByRole('combobox', { name: /Status/ })).toHaveValue('2');
    window.history.replaceState(null, '', '/');
  });

  it('keeps a new page unmade when its create is refused, and says why', async () => {
    const create = vi.fn(() =>
      Promise.resolve({
        kind: 'refused' as const,
        errors: [['path_segment', 'is already taken'] as [string, string]],
        detail: null,
        status: 422,
      }),
    );
    const api = { ...fakeApi(), create };
    const { user } = open({ id: null, status: 2, permissions: ['create', 'submit'] } as const, api);
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/is already taken/)).toBeInTheDocument();
    expect(api.submit).not.toHaveBeenCalled();
  });

  it('saves a new draft page as Save does for one with submit alone', async () => {
    const api = fakeApi();
    const { editorApi, user } = open(
      { id: null, status: 0, permissions: ['create', 'submit'] },
      api,
    );
    await user.type(bodyField(), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(editorApi.save).toHaveBeenCalledTimes(1);
    expect(api.create).not.toHaveBeenCalled();
  });

  it('leaves an editor with edit as it is, and reads no list', async () => {
    const api = fakeApi([review()]);
    open({ status: 2 }, api);
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(api.list).not.toHaveBeenCalled();
  });

  it('shows the page read-only to one without edit or submit', () => {
    open({ permissions: [], status: 2 }, fakeApi());
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
  });
});
