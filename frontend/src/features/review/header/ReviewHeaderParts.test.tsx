// Issue 32: the header counts the changes waiting for the reviewer ("Reviews 3"), asking the
// server once in a while per tab, and has a bell with the unread notifications: a list to mark
// read or to follow to the change.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '../../../api/types';
import { setLanguage } from '../../../i18n';
import { screenBase } from '../../../test/screenData';
import { ScreenHeader } from '../../../ui/AdminHeader';
import { keepCounts } from './counts';
import { NotificationBell } from './NotificationBell';
import type { NoticesApi } from './noticesApi';
import { ReviewHeaderParts } from './ReviewHeaderParts';
import type { ReviewApi } from '../api';
import { ReviewQueueScreen } from '../ReviewQueueScreen';

function notice(overrides: Partial<Notice> = {}): Notice {
  return {
    id: 1,
    kind: 'review_waiting',
    at: '2026-05-02T10:00:00Z',
    read: false,
    review_id: 9,
    review_state: 'waiting',
    page_id: 5,
    locale: 'nb',
    page_name: 'Team',
    by: { id: 3, name: 'Anna Author', username: 'anna' },
    ...overrides,
  };
}

/** Match a name with the isolates around the names in it (model.isolate) left out. */
const plain = (expected: string) => (name: string) =>
  name.replace(/[\u2068\u2069]/g, '') === expected;
const plainly = (expected: RegExp) => (name: string) =>
  expected.test(name.replace(/[\u2068\u2069]/g, ''));

function fakeApi(overrides: Partial<NoticesApi> = {}): NoticesApi {
  return {
    counts: vi.fn(() => Promise.resolve({ waiting: 3, unread: 2, most: 100 })),
    list: vi.fn(() =>
      Promise.resolve({
        notifications: [
          notice(),
          notice({
            id: 2,
            kind: 'review_approved',
            review_state: 'approved',
            read: true,
            by: { id: 4, name: 'Rita Reviewer', username: '' },
          }),
        ],
        total: 2,
        unread: 1,
        per_page: 50,
      }),
    ),
    markRead: vi.fn(() => Promise.resolve(0)),
    mailSettings: vi.fn(),
    setMailSettings: vi.fn(),
    ...overrides,
  };
}

function header(api: NoticesApi) {
  const data = screenBase();
  render(
    <ReviewHeaderParts userId={data.user.id} api={api}>
      <ScreenHeader data={data} localeHref={(code) => `/admin/${code}/pages`} />
    </ReviewHeaderParts>,
  );
  return within(screen.getByRole('banner'));
}

afterEach(() => {
  sessionStorage.clear();
  setLanguage('en');
});

describe('the header’s review parts', () => {
  it('counts the changes waiting beside Reviews and the unread notifications on the bell', async () => {
    const api = fakeApi();
    const banner = header(api);
    // The number is seen; a screen reader hears the sentence.
    const reviews = await banner.findByRole('link', {
      name: /^Reviews\s*, 3 changes wait for your review$/,
    });
    expect(reviews).toHaveTextContent(/^Reviews 3, 3 changes wait for your review$/);
    expect(banner.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(api.counts).toHaveBeenCalledTimes(1);
  });

  it('asks the server no more while the tab keeps fresh counts of the same user', async () => {
    keepCounts(
      sessionStorage,
      screenBase().user.id,
      { waiting: 1, unread: 0, most: 100 },
      Date.now(),
    );
    const api = fakeApi();
    const banner = header(api);
    expect(banner.getByRole('link', { name: /^Reviews\s*, 1 change waits/ })).toBeInTheDocument();
    expect(banner.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(api.counts).not.toHaveBeenCalled();
  });

  it('shows nothing beside Reviews when nothing waits, and 99+ past what the server counts', async () => {
    const none = header(
      fakeApi({ counts: () => Promise.resolve({ waiting: 0, unread: 100, most: 100 }) }),
    );
    expect(
      await none.findByRole('button', { name: 'Notifications, 100 or more unread' }),
    ).toHaveTextContent('99+');
    expect(none.getByRole('link', { name: 'Reviews' })).toBeInTheDocument();
  });

  it('says the count in Arabic with its plural forms', async () => {
    setLanguage('ar');
    const banner = header(
      fakeApi({ counts: () => Promise.resolve({ waiting: 2, unread: 0, most: 100 }) }),
    );
    expect(
      await banner.findByRole('link', { name: /تغييران بانتظار مراجعتك/ }),
    ).toBeInTheDocument();
  });
});

describe('the count on Waiting for review', () => {
  it('is the one the screen was served with, kept counts notwithstanding, less each decision', async () => {
    const data = screenBase();
    keepCounts(sessionStorage, data.user.id, { waiting: 0, unread: 0, most: 100 }, Date.now());
    const review = {
      id: 9,
      state: 'waiting' as const,
      user: { id: 3, name: 'Anna Author', username: 'anna' },
      at: '2026-05-02T10:00:00Z',
      message: '',
      page_id: 5,
      page_name: 'Team',
      locale: 'en',
      locales: ['en'],
      fields: ['status'],
      page: { status: 2 },
      by_locale: { en: { fields: ['status'], page: { status: 2 } } },
      lock_version: 3,
      decided_by: null,
      decided_at: null,
      decision: null,
      comments: [],
      revision_id: null,
      scheduled_id: null,
    };
    const reviewApi = {
      approve: vi.fn(() => Promise.resolve({ kind: 'decided' as const, review })),
      page: vi.fn(() => new Promise<never>(() => undefined)),
    } as unknown as ReviewApi;
    render(
      <ReviewHeaderParts userId={data.user.id} api={fakeApi()}>
        <ReviewQueueScreen
          data={{ screen: 'reviews', ...data, reviews: [review], total: 2 }}
          api={reviewApi}
        />
      </ReviewHeaderParts>,
    );
    const banner = within(screen.getByRole('banner'));
    expect(
      await banner.findByRole('link', { name: /^Reviews\s*, 2 changes wait/ }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open: Team' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(
      await banner.findByRole('link', { name: /^Reviews\s*, 1 change waits/ }),
    ).toBeInTheDocument();
  });
});

describe('the notifications bell', () => {
  function bell(api: NoticesApi = fakeApi()) {
    const onUnreadChange = vi.fn();
    const go = vi.fn();
    render(
      <NotificationBell unread={2} most={100} api={api} onUnreadChange={onUnreadChange} go={go} />,
    );
    return { api, onUnreadChange, go, user: userEvent.setup() };
  }

  it('lists the notifications, each leading to its change, unread ones marked', async () => {
    const { user, onUnreadChange } = bell();
    const button = screen.getByRole('button', { name: 'Notifications, 2 unread' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = within(await screen.findByRole('region', { name: 'Notifications' }));
    const waiting = await list.findByRole('link', {
      name: plain('Anna Author submitted a change to “Team” for your review'),
    });
    // Waiting: opened in Waiting for review; decided: in the page's editor.
    expect(waiting).toHaveAttribute('href', '/admin/nb/reviews?review=9');
    expect(
      list.getByRole('link', { name: plainly(/Rita Reviewer approved your change/) }),
    ).toHaveAttribute('href', '/admin/nb/pages/5/edit');
    expect(waiting.closest('li')).toHaveTextContent(/^Unread:/);
    expect(onUnreadChange).toHaveBeenCalledWith(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('marks one read, or all, and hands the unread count on', async () => {
    const markRead = vi.fn((ids: number[] | null) => Promise.resolve(ids === null ? 0 : 1));
    const { user, api, onUnreadChange } = bell(fakeApi({ markRead }));
    await user.click(screen.getByRole('button', { name: /Notifications/ }));
    await user.click(await screen.findByRole('button', { name: 'Mark read' }));
    expect(api.markRead).toHaveBeenCalledWith([1]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark read' })).toBeNull());
    expect(onUnreadChange).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(api.markRead).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(onUnreadChange).toHaveBeenLastCalledWith(0));
  });

  it('marks an unread one read before following it', async () => {
    const { user, api, go } = bell();
    await user.click(screen.getByRole('button', { name: /Notifications/ }));
    await user.click(await screen.findByRole('link', { name: plainly(/Anna Author submitted/) }));
    expect(api.markRead).toHaveBeenCalledWith([1]);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/admin/nb/reviews?review=9'));
  });

  it('says so when the list cannot be loaded', async () => {
    const { user } = bell(fakeApi({ list: () => Promise.reject(new Error('down')) }));
    await user.click(screen.getByRole('button', { name: /Notifications/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The notifications could not be loaded.',
    );
  });

  it('loads older ones page by page', async () => {
    const list = vi.fn((page: number) =>
      Promise.resolve({
        notifications: [notice({ id: page, read: true, page_name: `Page ${page}` })],
        total: 2,
        unread: 0,
        per_page: 1,
      }),
    );
    const { user } = bell(fakeApi({ list }));
    await user.click(screen.getByRole('button', { name: /Notifications/ }));
    await user.click(await screen.findByRole('button', { name: 'Show older' }));
    expect(await screen.findByRole('link', { name: /Page 2/ })).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(2);
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });
});
