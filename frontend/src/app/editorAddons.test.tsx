// The editor with its add-ons as the app mounts it: History beside Save, and a restore that
// puts the restored page in the form.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageEditorScreen } from '../features/pageEditor/PageEditorScreen';
import type { EditorApi } from '../features/pageEditor/api';
import { initialData, page } from '../features/pageEditor/test/fixtures';
import { installDialogPolyfill } from '../entities/media/images/test/fixtures';
import { ToastProvider } from '../ui/toast';
import { useEditorAddons } from './editorAddons';

const revision = {
  id: 9,
  user: { id: 2, username: 'eva', name: 'Eva Editor' },
  at: '2026-05-01T08:00:00Z',
  summary: 'Created in en',
  kind: 'create',
  live: false,
};
// The page as it is now: the newest version, which offers nothing to restore.
const newest = { ...revision, id: 10, at: '2026-05-02T08:00:00Z', summary: 'Changed Name' };
/** What the restore would do: English back as version 9 had it (the server's default). */
const plan = {
  revision,
  locales: [
    {
      locale: 'en',
      restored_by_default: true,
      name_from: 'Team',
      name_to: 'Old team',
      path_segment_from: 'team',
      path_segment_to: 'team',
      changed_blocks: [],
      changes: true,
      loses_name: false,
      pages_leaving: 0,
    },
  ],
};

beforeAll(installDialogPolyfill);
beforeEach(() => window.history.replaceState(null, '', '/admin/en/pages/5/edit'));
afterEach(() => vi.unstubAllGlobals());

describe('the editor with its add-ons', () => {
  it('restores a revision from History and shows its text in the form', async () => {
    const older = page({
      blocks: { ...page().blocks, name: { en: 'Old team', nb: 'Laget' } },
      lock_version: 4,
    });
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url.endsWith('/revisions.json?page=1')) return Response.json([newest, revision]);
      if (url.endsWith('/revisions/9/restore.json') && init.method !== 'POST')
        return Response.json(plan);
      if (url.endsWith('/revisions/9/restore.json') && init.method === 'POST') {
        return Response.json({ ...older, missing_image_ids: [], missing_attachment_ids: [] });
      }
      return Response.json([]); // the sidebar's audit history
    });
    vi.stubGlobal('fetch', fetchMock);
    const api: EditorApi = { save: vi.fn(), load: vi.fn() };
    render(
      <ToastProvider>
        <PageEditorScreen data={initialData()} api={api} useAddons={useEditorAddons} />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Team');
    await user.click(screen.getByRole('button', { name: 'History' }));
    const panel = screen.getByRole('dialog', { name: 'History' });
    await user.click(await within(panel).findByRole('button', { name: 'Restore…' }));
    expect(await screen.findByRole('checkbox', { name: 'English' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Old team'),
    );
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(
      ([input, init]) => String(input).endsWith('/restore.json') && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ lock_version: 3, locales: ['en'] });
  });

  it('offers no History on a new page', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([])),
    );
    const api: EditorApi = { save: vi.fn(), load: vi.fn() };
    render(
      <ToastProvider>
        <PageEditorScreen
          data={initialData({ page: page({ id: null }) })}
          api={api}
          useAddons={useEditorAddons}
        />
      </ToastProvider>,
    );
    expect(screen.queryByRole('button', { name: 'History' })).toBeNull();
  });
});
