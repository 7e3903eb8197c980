// Issue 28, item 17: "Scheduled for…" says a change waits; once it is cancelled, the message
// that says so takes its place at once.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { EditorApi } from '../pageEditor/api';
import type { UseEditorAddons } from '../pageEditor/addons';
import { PageEditorScreen } from '../pageEditor/PageEditorScreen';
import { initialData, page } from '../pageEditor/test/fixtures';
import { installDialogPolyfill } from '../../entities/media/images/test/fixtures';
import { ToastProvider } from '../../ui/toast';
import { useSchedulingAddon } from './useSchedulingAddon';

const LIST_URL = '/admin/en/pages/5/scheduled.json';
const NOW = new Date(2026, 4, 2, 10, 0);

/** A server that keeps the one change scheduled, until it is cancelled. */
function server() {
  let scheduled: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      if (url === LIST_URL && method === 'GET') return Response.json(scheduled);
      if (url === LIST_URL && method === 'POST') {
        const body = JSON.parse(String(init.body)) as { page: object; at: string };
        const change = {
          id: 7,
          at: body.at,
          user: { id: 1, username: 'admin', name: 'Admin' },
          state: 'waiting',
          locale: 'en',
          page: body.page,
          errors: [],
          applied_at: null,
          revision_id: null,
        };
        scheduled = [change];
        return Response.json(change, { status: 201 });
      }
      if (method === 'DELETE') {
        scheduled = [];
        return new Response(null, { status: 204 });
      }
      return Response.json({ detail: 'not here' }, { status: 404 });
    }),
  );
}

const useOnlyScheduling: UseEditorAddons = (context) =>
  useSchedulingAddon(context, { confirm: () => true });
const toastText = () => document.querySelector('.toast-region')?.textContent ?? '';

beforeAll(installDialogPolyfill);
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  window.history.replaceState(null, '', '/admin/en/pages/5/edit');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('takes "Scheduled for…" away when the change is cancelled', { timeout: 20_000 }, async () => {
  server();
  const api = {
    save: vi.fn<EditorApi['save']>().mockResolvedValue({ kind: 'saved', page: page() }),
    load: vi.fn<EditorApi['load']>().mockResolvedValue(page()),
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
  await user.type(screen.getByRole('textbox', { name: /Name/ }), ' later');
  await user.click(screen.getByRole('button', { name: 'Schedule…' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Schedule' }));
  await waitFor(() => expect(toastText()).toContain('Scheduled for'));

  const waiting = await screen.findByRole('region', { name: /is scheduled/ });
  await user.click(within(waiting).getByRole('button', { name: 'Cancel change' }));
  await waitFor(() => expect(toastText()).toContain('The scheduled change was cancelled.'));
  expect(toastText()).not.toContain('Scheduled for');
});
