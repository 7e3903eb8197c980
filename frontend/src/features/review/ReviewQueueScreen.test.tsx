// Issue 32: the reviewer's Waiting for review list, a change opened beside the live page word by
// word, approving (now, at a time) or requesting changes with a comment, and a 409 that names
// what changed on the page since the submission.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { QueuedReview, Template } from '../../api/types';
import { page } from '../pageEditor/test/fixtures';
import { screenBase } from '../../test/screenData';
import type { ReviewApi } from './api';
import { ReviewQueueScreen, reviewInAddress } from './ReviewQueueScreen';

function queued(overrides: Partial<QueuedReview> = {}): QueuedReview {
  return {
    id: 9,
    state: 'waiting',
    user: { id: 3, name: 'Anna Author', username: 'anna' },
    at: '2026-05-02T10:00:00Z',
    message: 'New opening hours',
    page_id: 5,
    page_name: 'Team',
    locale: 'en',
    locales: ['en'],
    fields: ['body', 'status'],
    page: { body: 'Hello everyone', status: 2 },
    by_locale: { en: { fields: ['body', 'status'], page: { body: 'Hello everyone', status: 2 } } },
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

function setup(
  list: QueuedReview[] = [queued()],
  overrides: Partial<ReviewApi> = {},
  templates: Template[] = [],
) {
  const api: ReviewApi = {
    list: vi.fn(),
    get: vi.fn(),
    submit: vi.fn(),
    withdraw: vi.fn(),
    approve: vi.fn((_l, _p, id) =>
      Promise.resolve({ kind: 'decided' as const, review: queued({ id, state: 'approved' }) }),
    ),
    requestChanges: vi.fn((_l, _p, id) =>
      Promise.resolve({
        kind: 'decided' as const,
        review: queued({ id, state: 'changes_requested' }),
      }),
    ),
    comment: vi.fn((_l, _p, id, body) =>
      Promise.resolve({
        kind: 'commented' as const,
        review: queued({
          id,
          comments: [
            {
              user: { id: 1, name: 'Rita Reviewer', username: 'rita' },
              at: '2026-05-02T11:00:00Z',
              text: body.text,
              kind: 'comment',
              locale: body.locale || null,
              block: body.block || null,
            },
          ],
        }),
      }),
    ),
    create: vi.fn(),
    queue: vi.fn(() => Promise.resolve(list)),
    page: vi.fn(() => Promise.resolve(page({ status: 2 }))),
    ...overrides,
  };
  render(<ReviewQueueScreen data={{ screen: 'pageTree', ...screenBase(), templates }} api={api} />);
  return { api, user: userEvent.setup() };
}

describe('Waiting for review', { timeout: 20_000 }, () => {
  it('lists the waiting changes with who sent them and their message', async () => {
    setup();
    expect(await screen.findByText('Team')).toBeInTheDocument();
    expect(screen.getByText(/Submitted by .Anna Author./)).toBeInTheDocument();
    expect(screen.getByText('New opening hours')).toBeInTheDocument();
  });

  it('opens the change a notification’s address names', async () => {
    window.history.replaceState(null, '', '/admin/en/reviews?review=9');
    try {
      setup([queued({ id: 8, page_name: 'Other' }), queued()]);
      expect(await screen.findByRole('heading', { name: 'Change to “Team”' })).toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it.each(['?review=x', '?review=0', '?review=1e3', ''])('reads no change from %j', (search) => {
    expect(reviewInAddress(search)).toBeNull();
  });

  it('says when nothing waits', async () => {
    setup([]);
    expect(await screen.findByText('Nothing waits for your review.')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be read', async () => {
    const queue = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue([queued()]);
    const { user } = setup([], { queue });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Team')).toBeInTheDocument();
  });

  it('opens a change beside the live page, word by word', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Open: Team' }));
    expect(api.page).toHaveBeenCalledWith('en', 5);
    const compared = await screen.findByRole('region', { name: 'body' });
    expect(within(compared).getAllByText('Hello').length).toBeGreaterThan(0);
    expect(within(compared).getByText('everyone')).toBeInTheDocument();
    expect(screen.getByText('It also sets: status')).toBeInTheDocument();
  });

  it('shows a change in several locales with a section for each locale of a block', async () => {
    const both = queued({
      locales: ['en', 'nb'],
      fields: ['body'],
      page: { body: 'Hello everyone' },
      by_locale: {
        en: { fields: ['body'], page: { body: 'Hello everyone' } },
        nb: { fields: ['body', 'path_segment'], page: { body: 'Hei alle', path_segment: 'laget' } },
      },
    });
    const { user } = setup([both]);
    await user.click(await screen.findByRole('button', { name: 'Open: Team' }));
    const compared = await screen.findByRole('region', { name: 'body' });
    expect(within(compared).getByRole('heading', { name: 'English' })).toBeInTheDocument();
    expect(within(compared).getByRole('heading', { name: 'nb' })).toBeInTheDocument();
    expect(within(compared).getByText('everyone')).toBeInTheDocument();
    expect(within(compared).getByText('alle')).toBeInTheDocument();
    expect(screen.getByText('In English and nb')).toBeInTheDocument();
    expect(screen.getByText('It also sets: path_segment (nb)')).toBeInTheDocument();
  });

  it('titles the blocks as their templates do, in the interface language', async () => {
    const { user } = setup([queued()], {}, [
      {
        name: 'standard',
        title: 'Standard',
        blocks: [{ name: 'body', title: 'Brødtekst' }],
        metadata_blocks: [],
      } as unknown as Template,
    ]);
    await user.click(await screen.findByRole('button', { name: 'Open: Team' }));
    expect(await screen.findByRole('region', { name: 'Brødtekst' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'body' })).toBeNull();
  });

  it('comments on a block in its locale, the comment shown under the block', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Open: Team' }));
    await user.click(await screen.findByRole('button', { name: 'Comment on body in English' }));
    await user.type(screen.getByLabelText('Comment on body in English'), 'Say who to call');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(api.comment).toHaveBeenCalledWith('en', 5, 9, {
      text: 'Say who to call',
      block: 'body',
      locale: 'en',
    });
    const list = await screen.findByRole('list', { name: 'Comments on body in English' });
    expect(within(list).getByText('Say who to call')).toBeInTheDocument();
    expect(screen.queryByLabelText('Comment on body in English')).toBeNull();
  });

  it('keeps a comment the server refused on screen, with its words', async () => {
    const comment = vi.fn(() =>
      Promise.resolve({
        kind: 'failed' as const,
        detail: 'This change has as many comments as it may have.',
      }),
    );
    const { user } = setup([queued()], { comment });
    await user.click(await screen.findByRole('button', { name: 'Open: Team' }));
    await user.click(await screen.findByRole('button', { name: 'Comment on body in English' }));
    await user.type(screen.getByLabelText('Comment on body in English'), 'One more');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('as many comments as it may have');
    expect(screen.getByLabelText('Comment on body in English')).toHaveValue('One more');
  });

  it('approves to publish now with a comment, and takes it off the list', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Open: Team' }));
    await user.type(screen.getByLabelText('Comment (told to the author)'), 'Thanks');
    await user.click(screen.getByRole('radio', { name: 'Publish now' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(api.approve).toHaveBeenCalledWith('en', 5, 9, { comment: 'Thanks', publish: 'now' });
    expect(await screen.findByText('Approved. The author is told.')).toBeInTheDocument();
    expect(screen.getByText('Nothing waits for your review.')).toBeInTheDocument();
  });

  it('asks for the time before approving to publish at a time', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Open: Team' }));
    await user.click(screen.getByRole('radio', { name: 'Publish at a time' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(screen.getByText('Choose when it goes live.')).toBeInTheDocument();
    expect(api.approve).not.toHaveBeenCalled();
    const at = screen.getByLabelText('Publish at');
    await user.type(at, '2026-06-01T09:30');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(api.approve).toHaveBeenCalledWith('en', 5, 9, {
      comment: '',
      publish: 'at',
      at: new Date('2026-06-01T09:30').toISOString(),
    });
  });

  it('requests changes with the comment', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Open: Team' }));
    await user.type(screen.getByLabelText('Comment (told to the author)'), 'Say who to call');
    await user.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(api.requestChanges).toHaveBeenCalledWith('en', 5, 9, 'Say who to call');
    expect(await screen.findByText('Changes requested. The author is told.')).toBeInTheDocument();
  });

  it('shows what changed since on a 409, and keeps the change open', async () => {
    const approve = vi.fn(() =>
      Promise.resolve({ kind: 'conflict' as const, detail: 'Changed', fields: ['body'] }),
    );
    const { user } = setup([queued()], { approve });
    await user.click(await screen.findByRole('button', { name: 'Open: Team' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The page was changed since this was submitted');
    expect(alert).toHaveTextContent('Changed since: body');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Change to “Team”' })).toBeInTheDocument(),
    );
  });
});
