// Issue 20, item 6: "Schedule…" beside Save keeps the form's changes to go live at a chosen
// time, the form goes back to the page as stored, and a banner shows the waiting change (view,
// compare with current, cancel), a failed one and why, and one that went live meanwhile.
// Issue 28: a save of a field a waiting change sets asks first; the dialog offers only years to
// come; the list names a change's fields and its values are read when shown.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScheduledChangeDetail, ScheduledChangeOut } from '../../api/types';
import type { EditorApi, SaveResult } from '../pageEditor/api';
import type { UseEditorAddons } from '../pageEditor/addons';
import { PageEditorScreen } from '../pageEditor/PageEditorScreen';
import { initialData, page } from '../pageEditor/test/fixtures';
import { AFTER_DUE_MS } from './useScheduledChanges';
import { installDialogPolyfill } from '../../entities/media/images/test/fixtures';
import { ToastProvider } from '../../ui/toast';
import { useSchedulingAddon } from './useSchedulingAddon';

const LIST_URL = '/admin/en/pages/5/scheduled.json';
const DETAIL_URL = '/admin/en/pages/5/scheduled/7.json';
const NOW = new Date(2026, 4, 2, 10, 0);
const admin = { id: 1, username: 'admin', name: 'Admin' };

function change(overrides: Partial<ScheduledChangeOut> = {}): ScheduledChangeOut {
  return {
    id: 7,
    at: new Date(2026, 4, 2, 11, 0).toISOString(),
    user: admin,
    state: 'waiting',
    locale: 'en',
    fields: ['body', 'name', 'pinned'],
    reason: null,
    errors: [],
    applied_at: null,
    revision_id: null,
    ...overrides,
  };
}

function detail(overrides: Partial<ScheduledChangeDetail> = {}): ScheduledChangeDetail {
  return {
    ...change(),
    page: { name: 'Team later', body: 'Hello\nall', pinned: true },
    ...overrides,
  };
}

type Call = { url: string; method: string; body: unknown };

/** The server: the page's scheduled changes (answered in turn), and what a POST answers. */
function server({
  lists = [[]],
  post = (body) =>
    Response.json(detail({ page: (body as { page: Record<string, unknown> }).page }), {
      status: 201,
    }),
}: {
  lists?: ScheduledChangeOut[][];
  post?: (body: unknown) => Response;
} = {}) {
  const calls: Call[] = [];
  let reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = {
        url: String(input),
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      if (call.url === `${LIST_URL}?state=waiting` && call.method === 'GET') {
        const list = lists[Math.min(reads, lists.length - 1)] ?? [];
        return Response.json(list.filter((entry) => entry.state === 'waiting'));
      }
      if (call.url === `${LIST_URL}?page=1` && call.method === 'GET') {
        const list = lists[Math.min(reads, lists.length - 1)] ?? [];
        reads += 1;
        return Response.json(list);
      }
      if (call.url === LIST_URL && call.method === 'POST') return post(call.body);
      if (call.url === DETAIL_URL && call.method === 'GET') return Response.json(detail());
      if (call.method === 'DELETE') return new Response(null, { status: 204 });
      return Response.json({ detail: 'not here' }, { status: 404 });
    }),
  );
  const of = (method: string, url = LIST_URL) =>
    calls.filter((call) => call.method === method && call.url === url);
  return { calls, of };
}

let confirmAnswer = true;
const asked: string[] = [];
const useOnlyScheduling: UseEditorAddons = (context) =>
  useSchedulingAddon(context, {
    confirm: (message) => {
      asked.push(message);
      return confirmAnswer;
    },
  });

function open(result: SaveResult = { kind: 'saved', page: page() }) {
  const api = {
    save: vi.fn<EditorApi['save']>().mockResolvedValue(result),
    load: vi.fn<EditorApi['load']>().mockResolvedValue(page({ lock_version: 4 })),
  };
  render(
    <ToastProvider>
      <PageEditorScreen
        data={initialData()}
        api={api}
        confirm={() => false}
        useAddons={useOnlyScheduling}
      />
    </ToastProvider>,
  );
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
  return { api, user };
}

const nameField = () => screen.getByRole('textbox', { name: /Name/ });
const banner = (name: RegExp) => screen.findByRole('region', { name });

beforeAll(installDialogPolyfill);
beforeEach(() => {
  confirmAnswer = true;
  asked.length = 0;
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  window.history.replaceState(null, '', '/admin/en/pages/5/edit');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Typing through the whole editor takes seconds on a busy machine.
describe('Schedule…', { timeout: 20_000 }, () => {
  it('posts the save’s payload, the time and the version, then shows the page as stored', async () => {
    const { of } = server();
    // A refused save leaves the form as typed: its payload is the one to compare with.
    const { api, user } = open({ kind: 'invalid', errors: [] });
    await user.clear(nameField());
    await user.type(nameField(), 'Team later');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const saved = api.save.mock.calls[0]?.[2];

    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule these changes' });
    // Local time, its zone named.
    expect(within(dialog).getByText(/^Time zone: /)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Goes live.*time/i })).toHaveValue('11:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    await waitFor(() => expect(of('POST')).toHaveLength(1));
    expect(of('POST')[0]?.body).toEqual({
      page: saved?.page,
      at: new Date(2026, 4, 2, 11, 0).toISOString(),
      lock_version: 3,
    });
    // The change is not live: the form shows the stored page, and a banner the change.
    await waitFor(() => expect(nameField()).toHaveValue('Team'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    const waiting = await banner(/^A change by .*Admin.* is scheduled to go live on/);
    expect(waiting).toHaveTextContent('2026');
  });

  it('refuses a time already past, sending nothing', async () => {
    const { of } = server();
    const { user } = open();
    await user.type(nameField(), ' X');
    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = screen.getByRole('dialog');
    const time = within(dialog).getByRole('textbox', { name: /Goes live.*time/i });
    await user.clear(time);
    await user.type(time, '9:30');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByText('Choose a time in the future.')).toBeInTheDocument();
    expect(of('POST')).toHaveLength(0);
  });

  it('says why the server refused, and keeps the form as typed', async () => {
    server({
      post: () =>
        Response.json(
          { detail: "can't be blank", errors: [['name', "can't be blank"]] },
          {
            status: 422,
          },
        ),
    });
    const { user } = open();
    await user.clear(nameField());
    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The changes could not be scheduled.');
    expect(alert).toHaveTextContent("Name: can't be blank");
    expect(nameField()).toHaveValue('');
  });

  it('says a stale version’s conflict', async () => {
    server({
      post: () =>
        Response.json(
          { detail: 'This page was changed by someone else.', lock_version: 4 },
          { status: 409 },
        ),
    });
    const { user } = open();
    await user.type(nameField(), ' X');
    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Schedule' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'This page was changed by someone else.',
    );
    expect(nameField()).toHaveValue('Team X');
  });

  it('says there is nothing to schedule before anything changed', async () => {
    const { of } = server();
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Change something first');
    expect(
      within(screen.getByRole('dialog')).queryByRole('button', { name: 'Schedule' }),
    ).toBeNull();
    expect(of('POST')).toHaveLength(0);
  });
});

describe('the banner of a scheduled change', { timeout: 20_000 }, () => {
  it('shows what it changes, alone or beside the page now, and cancels it', async () => {
    const { of } = server({ lists: [[change()]] });
    const { user } = open();
    const waiting = await banner(/^A change by .*Admin.* is scheduled/);
    await user.click(within(waiting).getByRole('button', { name: 'View changes' }));
    // The list names the fields; the values are read when shown.
    const table = await within(waiting).findByRole('table');
    expect(of('GET', DETAIL_URL)).toHaveLength(1);
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['FieldScheduled', 'NameTeam later', 'BodyHello\nall', 'PinnedYes']);
    await user.click(within(waiting).getByRole('button', { name: 'Compare with current' }));
    const compare = within(waiting).getByRole('table');
    expect(
      within(compare)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['FieldNowScheduled', 'NameTeamTeam later', 'BodyHelloHello\nall', 'PinnedNoYes']);
    await user.click(within(waiting).getByRole('button', { name: 'Cancel change' }));
    await waitFor(() => expect(of('DELETE', '/admin/en/pages/5/scheduled/7.json')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: /is scheduled/ })).toBeNull();
  });

  it('says a change could not go live, and why', async () => {
    const failed = change({
      state: 'failed',
      errors: [['path_segment', 'is already taken']],
      applied_at: new Date(2026, 4, 2, 9, 0).toISOString(),
    });
    const { of } = server({ lists: [[failed]] });
    const { user } = open();
    const region = await banner(/could not go live/);
    expect(region).toHaveTextContent('Path segment: is already taken');
    expect(region).not.toHaveTextContent('Not applied');
    expect(region).toHaveClass('editor-banner--error');
    await user.click(within(region).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(of('DELETE', '/admin/en/pages/5/scheduled/7.json')).toHaveLength(1));
  });

  it('says when a change went live while the page was open, and reloads the page', async () => {
    const applied = change({ state: 'applied', applied_at: change().at, revision_id: 12 });
    server({ lists: [[change()], [applied]] });
    const { api, user } = open();
    await banner(/is scheduled/);
    await act(() => vi.advanceTimersByTimeAsync(60 * 60_000 + AFTER_DUE_MS));
    await waitFor(() => expect(screen.getByText(/went live/)).toBeInTheDocument());
    expect(screen.getByText(/went live/).closest('[role="status"]')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(api.load).toHaveBeenCalledWith('en', 5);
    await waitFor(() => expect(screen.queryByText(/went live/)).toBeNull());
  });

  it('shows no change that went live before the page was opened', async () => {
    server({ lists: [[change({ state: 'applied', applied_at: change().at })]] });
    open();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.queryByText(/went live|scheduled/)).toBeNull();
  });
});

describe('a save of a field a waiting change sets', { timeout: 20_000 }, () => {
  it('asks first, naming the fields and the time, and saves nothing when told no', async () => {
    server({ lists: [[change({ fields: ['name'] })]] });
    const { api, user } = open();
    await banner(/is scheduled/);
    await user.clear(nameField());
    await user.type(nameField(), 'Team now');
    confirmAnswer = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^This save changes .*Name.*, which the change scheduled for /);
    expect(asked[0]).toContain('11:00');
    expect(asked[0]).toContain('will not go live');
    expect(api.save).not.toHaveBeenCalled();
    expect(nameField()).toHaveValue('Team now');

    confirmAnswer = true;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.save).toHaveBeenCalledTimes(1);
  });

  it('asks on Ctrl+S too', async () => {
    server({ lists: [[change({ fields: ['name'] })]] });
    const { api, user } = open();
    await banner(/is scheduled/);
    await user.type(nameField(), ' now');
    confirmAnswer = false;
    await user.keyboard('{Control>}s{/Control}');
    expect(asked).toHaveLength(1);
    expect(api.save).not.toHaveBeenCalled();
  });

  it('does not ask when the save leaves the change’s fields alone', async () => {
    server({ lists: [[change({ fields: ['pinned'] })]] });
    const { api, user } = open();
    await banner(/is scheduled/);
    await user.type(nameField(), ' now');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(asked).toEqual([]);
    expect(api.save).toHaveBeenCalledTimes(1);
  });

  it('counts another locale’s change only for the fields the locales share', async () => {
    server({ lists: [[change({ locale: 'nb', fields: ['name'] })]] });
    const { api, user } = open();
    await screen.findByRole('region', { name: /scheduled/ });
    await user.type(nameField(), ' now');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(asked).toEqual([]);
    expect(api.save).toHaveBeenCalledTimes(1);
  });

  it('does not ask for a failed change', async () => {
    server({ lists: [[change({ state: 'failed', fields: ['name'] })]] });
    const { api, user } = open();
    await banner(/could not go live/);
    await user.type(nameField(), ' now');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(asked).toEqual([]);
    expect(api.save).toHaveBeenCalledTimes(1);
  });
});

describe('a change that could not go live over newer work', { timeout: 20_000 }, () => {
  it('says so in the banner, with the field it names', async () => {
    const reason =
      'Not applied: a field it sets was changed after it was scheduled, and that newer work was kept.';
    server({
      lists: [
        [
          change({
            state: 'failed',
            reason,
            errors: [['name', 'was changed after this change was scheduled']],
          }),
        ],
      ],
    });
    open();
    const region = await banner(/could not go live/);
    expect(region).toHaveTextContent(reason);
    expect(region).toHaveTextContent('Name: was changed after this change was scheduled');
  });
});

describe('the schedule dialog’s years', { timeout: 20_000 }, () => {
  it('run from this year to a few years ahead', async () => {
    server();
    const { user } = open();
    await user.type(nameField(), ' X');
    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = screen.getByRole('dialog');
    const year = within(dialog).getByRole('combobox', { name: /year/i });
    const years = within(year)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(years).toEqual(['2026', '2027', '2028', '2029', '2030', '2031']);
  });
});
