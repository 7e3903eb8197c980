// Issue 28, item 4: once "Schedule…" has taken the form's edits, the editor does not offer them
// back as unsaved changes (restoring and saving them would make them live before their time).
// The server takes them out of the working copy as it schedules (cms/pages/scheduling/taken.py,
// tested there); the editor, for its part, drops the copy it kept in the browser and asks the
// server to drop its own, so neither is offered when the page is opened again.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageEditorScreen } from '../features/pageEditor/PageEditorScreen';
import type { EditorApi } from '../features/pageEditor/api';
import { initialData } from '../features/pageEditor/test/fixtures';
import { installDialogPolyfill } from '../entities/media/images/test/fixtures';
import { ToastProvider } from '../ui/toast';
import { useEditorAddons } from './editorAddons';

const DRAFT_URL = '/admin/en/pages/5/draft.json';
const SCHEDULED_URL = '/admin/en/pages/5/scheduled.json';

/** The server: a working copy kept and discarded as the editor asks, and scheduling (which
 *  here leaves the copy alone: what is tested is the editor's own part). */
function server() {
  let copy: { page: Record<string, unknown>; saved_at: string } | null = null;
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      calls.push({ url, method });
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (url === DRAFT_URL && method === 'PUT') {
        copy = { page: body.page as Record<string, unknown>, saved_at: new Date().toISOString() };
        return Response.json(copy);
      }
      if (url === DRAFT_URL && method === 'DELETE') {
        copy = null;
        return new Response(null, { status: 204 });
      }
      if (url === DRAFT_URL) return copy ? Response.json(copy) : Response.json({}, { status: 404 });
      if (url === SCHEDULED_URL && method === 'POST') {
        const fields = body.page as Record<string, unknown>;
        return Response.json(
          {
            id: 7,
            at: body.at,
            user: null,
            state: 'waiting',
            locale: 'en',
            fields: Object.keys(fields),
            reason: null,
            errors: [],
            applied_at: null,
            revision_id: null,
            page: fields,
          },
          { status: 201 },
        );
      }
      if (url.endsWith('/presence.json')) return Response.json({ viewers: [] });
      return Response.json([]);
    }),
  );
  return { calls };
}

function open() {
  const api: EditorApi = { save: vi.fn(), load: vi.fn() };
  render(
    <ToastProvider>
      <PageEditorScreen data={initialData()} api={api} useAddons={useEditorAddons} />
    </ToastProvider>,
  );
}

beforeAll(installDialogPolyfill);
beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/admin/en/pages/5/edit');
});
afterEach(() => vi.unstubAllGlobals());

describe('after Schedule…', { timeout: 20_000 }, () => {
  it('the scheduled edits are not offered back as unsaved changes', async () => {
    const { calls } = server();
    open();
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Team later');
    // Kept as typed: in the browser at once, on the server once typing stops.
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true), {
      timeout: 3000,
    });

    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule these changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Team'));
    await waitFor(() => expect(window.localStorage.length).toBe(0));
    // …and the server's copy is asked to go after the change was scheduled.
    const scheduledAt = calls.findIndex((call) => call.method === 'POST');
    await waitFor(() =>
      expect(
        calls.findLastIndex((call) => call.url === DRAFT_URL && call.method === 'DELETE'),
      ).toBeGreaterThan(scheduledAt),
    );

    // Opened again: nothing to restore.
    cleanup();
    open();
    await waitFor(() =>
      expect(calls.filter((call) => call.url === DRAFT_URL && call.method === 'GET')).toHaveLength(
        2,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Restore your unsaved changes/)).toBeNull();
  });
});
