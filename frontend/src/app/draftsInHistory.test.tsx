// Issue 20, item 7: the History panel lists the working copy and the scheduled changes apart
// from the saved versions (the add-ons of app/editorAddons.tsx, as the app mounts the editor).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditorApi } from '../features/pageEditor/api';
import { PageEditorScreen } from '../features/pageEditor/PageEditorScreen';
import { initialData, page } from '../features/pageEditor/test/fixtures';
import { installDialogPolyfill } from '../entities/media/images/test/fixtures';
import { ToastProvider } from '../ui/toast';
import { useEditorAddons } from './editorAddons';

const waiting = {
  id: 7,
  at: '2026-06-01T10:00:00Z',
  user: { id: 2, username: 'eva', name: 'Eva Editor' },
  state: 'waiting',
  locale: 'en',
  fields: ['name'],
  reason: null,
  errors: [],
  applied_at: null,
  revision_id: null,
};

function serve(scheduled: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url.endsWith('/scheduled.json?page=1')) return Response.json(scheduled);
      if (url.endsWith('/presence.json')) return Response.json({ viewers: [] });
      if (url.endsWith('/draft.json') && (init.method ?? 'GET') === 'GET')
        return Response.json({ detail: 'none' }, { status: 404 });
      if (url.endsWith('/draft.json')) return Response.json({ page: {}, saved_at: '' });
      return Response.json([]); // revisions and the audit history: none
    }),
  );
}

function open() {
  const api: EditorApi = { save: vi.fn(), load: vi.fn().mockResolvedValue(page()) };
  render(
    <ToastProvider>
      <PageEditorScreen data={initialData()} api={api} useAddons={useEditorAddons} />
    </ToastProvider>,
  );
  return userEvent.setup();
}

beforeAll(installDialogPolyfill);
beforeEach(() => window.history.replaceState(null, '', '/admin/en/pages/5/edit'));
afterEach(() => vi.unstubAllGlobals());

describe('the History panel', { timeout: 20_000 }, () => {
  it('lists the scheduled changes and says nothing is unsaved', async () => {
    serve([waiting]);
    const user = open();
    await screen.findByRole('region', { name: /is scheduled to go live/ });
    await user.click(screen.getByRole('button', { name: 'History' }));
    const panel = screen.getByRole('dialog', { name: 'History' });
    const unsaved = within(panel).getByRole('region', { name: 'Unsaved changes' });
    expect(unsaved).toHaveTextContent('None: everything is saved.');
    const scheduled = within(panel).getByRole('region', { name: 'Scheduled changes' });
    expect(within(scheduled).getByRole('listitem')).toHaveTextContent(
      /2026.*Eva Editor.*waiting to go live/,
    );
  });

  it('says the unsaved edits are kept as one types', async () => {
    serve([]);
    const user = open();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), ' X');
    await user.click(screen.getByRole('button', { name: 'History' }));
    const panel = screen.getByRole('dialog', { name: 'History' });
    expect(within(panel).getByRole('region', { name: 'Unsaved changes' })).toHaveTextContent(
      'Kept as you type',
    );
    await waitFor(() =>
      expect(within(panel).getByRole('region', { name: 'Scheduled changes' })).toHaveTextContent(
        'None.',
      ),
    );
  });
});
