// Issue 20, item 5: the editor keeps the unsaved edits as the user types (in the browser at once,
// on the server within a second), offers them when the page is opened again, and shows who
// else has the page open. The server is a stubbed fetch; the editor's own save a mock.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../api/types';
import type { EditorApi, SaveResult } from '../pageEditor/api';
import type { UseEditorAddons } from '../pageEditor/addons';
import { PageEditorScreen } from '../pageEditor/PageEditorScreen';
import { initialData, page } from '../pageEditor/test/fixtures';
import { localKey, readLocal, writeLocal } from './localCopy';
import { PRESENCE_INTERVAL_MS } from './usePresence';
import { RETRY_DELAYS_MS, SERVER_DELAY_MS } from './writer';
import { ToastProvider } from '../../ui/toast';
import { useWorkingCopyAddon } from './useWorkingCopyAddon';

const DRAFT_URL = '/admin/en/pages/5/draft.json';
const PRESENCE_URL = '/admin/en/pages/5/presence.json';
const target = { userId: 1, pageId: 5, locale: 'en' };

type Call = { url: string; method: string; body: unknown; keepalive?: boolean };
type Answer = (call: Call) => Response | Promise<Response>;

/** The server: a working copy (or none), the others who have the page open, and every call. */
function server({
  copy = null,
  viewers = [],
  keep,
}: {
  copy?: { page: Record<string, unknown>; saved_at: string } | null;
  viewers?: { id: number; username: string; name: string }[];
  keep?: Answer;
} = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      keepalive: init.keepalive,
    };
    calls.push(call);
    if (call.url === DRAFT_URL && call.method === 'GET')
      return copy ? Response.json(copy) : Response.json({ detail: 'none' }, { status: 404 });
    if (call.url === DRAFT_URL && call.method === 'PUT')
      return keep ? keep(call) : Response.json({ page: {}, saved_at: new Date().toISOString() });
    if (call.method === 'DELETE') return new Response(null, { status: 204 });
    if (call.url === PRESENCE_URL) return Response.json({ viewers });
    return Response.json({ detail: 'not here' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const of = (method: string, url = DRAFT_URL) =>
    calls.filter((call) => call.method === method && call.url === url);
  return { calls, of };
}

const useOnlyWorkingCopy: UseEditorAddons = (context) => useWorkingCopyAddon(context);

function open(result: SaveResult = { kind: 'saved', page: page() }, stored: Page = page()) {
  const api = {
    save: vi.fn<EditorApi['save']>().mockResolvedValue(result),
    load: vi.fn<EditorApi['load']>().mockResolvedValue(stored),
  };
  const view = render(
    <ToastProvider>
      <PageEditorScreen
        data={initialData({ page: stored })}
        api={api}
        confirm={() => false}
        useAddons={useOnlyWorkingCopy}
      />
    </ToastProvider>,
  );
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
  return { api, user, view };
}

const nameField = () => screen.getByRole('textbox', { name: /Name/ });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.history.replaceState(null, '', '/admin/en/pages/5/edit');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Typing through the whole editor takes seconds on a busy machine.
describe('the working copy', { timeout: 20_000 }, () => {
  it('keeps the edits in the browser at once and on the server within a second of the last key', async () => {
    const { of } = server();
    const { api, user } = open();
    await user.type(nameField(), ' A');
    // In the browser at once: the payload a save would send.
    expect(readLocal(window.localStorage, target)?.payload.page).toMatchObject({
      name: 'Team A',
      lock_version: 3,
    });
    expect(of('PUT')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(SERVER_DELAY_MS));
    expect(of('PUT')).toHaveLength(1);
    expect(SERVER_DELAY_MS).toBeLessThanOrEqual(1000);
    // The same payload the save sends.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(of('PUT')[0]?.body).toEqual(api.save.mock.calls[0]?.[2]);
  });

  it('keeps the local copy when the server cannot be reached, and tries the server again', async () => {
    let down = true;
    const { of } = server({
      keep: () =>
        down
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Response.json({ page: {}, saved_at: '2026-05-02T10:00:00Z' }),
    });
    const { user } = open();
    await user.type(nameField(), ' B');
    await act(() => vi.advanceTimersByTimeAsync(SERVER_DELAY_MS));
    expect(of('PUT')).toHaveLength(1);
    // Nothing said: the failure is silent, the copy is here.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(readLocal(window.localStorage, target)?.payload.page.name).toBe('Team B');
    down = false;
    await act(() => vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]));
    expect(of('PUT')).toHaveLength(2);
    expect((of('PUT')[1]?.body as { page: { name: string } }).page.name).toBe('Team B');
  });

  it('offers a copy kept before, and restores it into the form as unsaved changes', async () => {
    writeLocal(window.localStorage, target, {
      payload: { page: { name: 'Team kept', headline: 'Kept headline', lock_version: 3 } },
      savedAt: '2026-05-02T10:00:00Z',
    });
    server();
    const { api, user } = open();
    const banner = await screen.findByRole('region', {
      name: /^Restore your unsaved changes from .*2026/,
    });
    expect(nameField()).toHaveValue('Team');
    await user.click(within(banner).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(nameField()).toHaveValue('Team kept'));
    expect(screen.getByLabelText('Headline')).toHaveValue('Kept headline');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Restore your unsaved changes/ })).toBeNull();
    // The user still saves; the copy's version goes with it.
    expect(api.save).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.save.mock.calls[0]?.[2].page).toMatchObject({ name: 'Team kept', lock_version: 3 });
  });

  it('keeps what was typed on screen when the restored copy’s save meets a newer version (409)', async () => {
    writeLocal(window.localStorage, target, {
      payload: { page: { name: 'Team kept', lock_version: 2 } },
      savedAt: '2026-05-02T10:00:00Z',
    });
    server();
    const conflict: SaveResult = {
      kind: 'conflict',
      detail: 'Changed by someone else',
      lockVersion: 4,
    };
    const { user } = open(conflict);
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Changed by someone else');
    expect(nameField()).toHaveValue('Team kept');
    expect(readLocal(window.localStorage, target)?.payload.page.name).toBe('Team kept');
  });

  it('offers the server’s copy when it is newer than the browser’s', async () => {
    writeLocal(window.localStorage, target, {
      payload: { page: { name: 'Older here' } },
      savedAt: '2026-05-02T10:00:00Z',
    });
    server({ copy: { page: { name: 'Newer there' }, saved_at: '2026-05-02T11:00:00Z' } });
    const { user } = open();
    await waitFor(() =>
      expect(
        screen.getByRole('region', { name: /Restore your unsaved changes/ }),
      ).toHaveTextContent(/11:00|11.00/),
    );
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(nameField()).toHaveValue('Newer there'));
  });

  it('offers nothing when the copy holds what the page holds', async () => {
    const stored = page();
    server({ copy: { page: { name: 'Team', lock_version: 2 }, saved_at: '2026-05-02T11:00:00Z' } });
    open(undefined, stored);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.queryByRole('region', { name: /Restore your unsaved changes/ })).toBeNull();
  });

  it('discards both copies on Discard', async () => {
    writeLocal(window.localStorage, target, {
      payload: { page: { name: 'Team kept' } },
      savedAt: '2026-05-02T10:00:00Z',
    });
    const { of } = server();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('region', { name: /Restore your unsaved changes/ })).toBeNull();
    expect(window.localStorage.getItem(localKey(target))).toBeNull();
    await waitFor(() => expect(of('DELETE')).toHaveLength(1));
    expect(nameField()).toHaveValue('Team');
  });

  it('clears both copies once a save succeeds', async () => {
    const { of } = server();
    const saved = page({ blocks: { ...page().blocks, name: { en: 'Team C' } }, lock_version: 4 });
    const { user } = open({ kind: 'saved', page: saved });
    await user.type(nameField(), ' C');
    await act(() => vi.advanceTimersByTimeAsync(SERVER_DELAY_MS));
    expect(readLocal(window.localStorage, target)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(of('DELETE')).toHaveLength(1));
    expect(window.localStorage.getItem(localKey(target))).toBeNull();
    // Nothing is kept again until the next edit.
    await act(() => vi.advanceTimersByTimeAsync(SERVER_DELAY_MS * 3));
    expect(of('PUT')).toHaveLength(1);
  });

  it('keeps no copy of a page the user may not edit', async () => {
    const { of } = server();
    render(
      <ToastProvider>
        <PageEditorScreen
          data={initialData({ page: page({ permissions: [] }) })}
          useAddons={useOnlyWorkingCopy}
        />
      </ToastProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(of('GET')).toHaveLength(0);
  });
});

describe('presence', { timeout: 20_000 }, () => {
  it('says the page is open at once and every 5 s, and names the others who have it open', async () => {
    const { of } = server({
      viewers: [
        { id: 2, username: 'eva', name: 'Eva Editor' },
        { id: 3, username: 'ola', name: '' },
      ],
    });
    const { view } = open();
    await waitFor(() =>
      expect(screen.getByText('Also open by Eva Editor and ola')).toBeInTheDocument(),
    );
    expect(of('POST', PRESENCE_URL)).toHaveLength(1);
    expect(of('POST', PRESENCE_URL)[0]?.body).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_INTERVAL_MS));
    expect(of('POST', PRESENCE_URL)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_INTERVAL_MS));
    expect(of('POST', PRESENCE_URL)).toHaveLength(3);
    // Leaving says so, in a call that outlives the page.
    view.unmount();
    expect(of('DELETE', PRESENCE_URL)).toMatchObject([{ keepalive: true }]);
  });

  it('says nothing of a page the user may not edit (the server takes presence from editors only)', async () => {
    const { of } = server();
    render(
      <ToastProvider>
        <PageEditorScreen
          data={initialData({ page: page({ permissions: [] }) })}
          useAddons={useOnlyWorkingCopy}
        />
      </ToastProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_INTERVAL_MS * 2));
    expect(of('POST', PRESENCE_URL)).toHaveLength(0);
  });

  it('says nothing while nobody else has the page open', async () => {
    const { of } = server();
    open();
    await waitFor(() => expect(of('POST', PRESENCE_URL)).toHaveLength(1));
    expect(screen.queryByText(/Also open by/)).toBeNull();
  });
});
