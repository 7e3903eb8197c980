import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { InvitationOut, UserRecord, UsersScreenData } from '../../api/types';
import { HttpError } from '../../lib/http';
import { installDialogPolyfill } from '../../entities/media/images/test/fixtures';
import { ToastProvider } from '../../ui/toast';
import { UsersScreen } from './UsersScreen';
import type { UsersApi } from './api';
import { errorsOf, updatePayload, valuesOf } from './model';
import { screenBase } from '../../test/screenData';

const admin: UserRecord = {
  id: 1,
  username: 'admin',
  name: 'Ada Admin',
  email: 'ada@example.com',
  is_active: true,
  is_superuser: true,
  two_factor: false,
};
const kari: UserRecord = {
  id: 7,
  username: 'kari',
  name: 'Kari',
  email: '',
  is_active: true,
  is_superuser: false,
  two_factor: false,
};

const pending: InvitationOut = {
  id: 3,
  email: 'olga@example.com',
  name: 'Olga',
  state: 'open',
  expires_at: '2026-12-05T10:00:00Z',
  created_at: '2026-11-28T10:00:00Z',
  is_superuser: false,
  language: 'nb',
  delivery: 'failed',
  invited_by: { id: 1, username: 'admin', name: 'Ada Admin' },
  accepted_user_id: null,
  grants: [],
};
const used: InvitationOut = {
  ...pending,
  id: 2,
  email: 'per@example.com',
  name: '',
  state: 'accepted',
  delivery: 'sent',
};
const retired: UserRecord = { ...kari, id: 8, username: 'tor', name: 'Tor', is_active: false };
const section: UsersScreenData['pages'][number] = {
  id: 12,
  parent_page_id: null,
  position: 1,
  status: 2,
  published_at: null,
  pinned: false,
  news_page: false,
  template: 'article',
  path_segment: 'section',
  blocks: { name: { en: 'Section' } },
  urls: {},
  permissions: ['edit', 'create'],
  lock_version: 1,
  child_count: 0,
};

function setup(api: Partial<UsersApi> = {}, users: UserRecord[] = [admin, kari]) {
  const calls: UsersApi = {
    list: vi.fn(() => Promise.resolve([admin, kari])),
    create: vi.fn((body) =>
      Promise.resolve({ ...kari, id: 9, username: body.user.username, name: body.user.name }),
    ),
    update: vi.fn((id, body) => {
      const stored = users.find((item) => item.id === id) ?? kari;
      return Promise.resolve({ ...stored, ...body.user, id });
    }),
    invite: vi.fn((body) =>
      Promise.resolve({
        ...pending,
        id: 10,
        email: body.invitation.email,
        name: body.invitation.name,
        delivery: 'queued' as const,
      }),
    ),
    listInvitations: vi.fn(() => Promise.resolve([pending, used])),
    revokeInvitation: vi.fn((id) => Promise.resolve({ ...pending, id, state: 'revoked' as const })),
    ...api,
  };
  const data: UsersScreenData = {
    screen: 'users',
    ...screenBase(),
    users,
    invitations: [used, pending],
    pages: [section],
  };
  const treeApi = { listChildren: vi.fn(() => Promise.resolve([])) };
  render(
    <ToastProvider>
      <UsersScreen data={data} api={calls} treeApi={treeApi} />
    </ToastProvider>,
  );
  return calls;
}

const refusal = (pairs: [string, string][]) =>
  new HttpError(422, { detail: 'Invalid', errors: pairs });

describe('the users form model', () => {
  it('sends only what changed, and a password only when one is typed', () => {
    expect(updatePayload(kari, valuesOf(kari))).toEqual({ user: {} });
    expect(
      updatePayload(kari, { ...valuesOf(kari), name: 'Kari N', is_active: false, password: '' }),
    ).toEqual({ user: { name: 'Kari N', is_active: false } });
    expect(updatePayload(kari, { ...valuesOf(kari), password: 'new-secret-99' })).toEqual({
      user: { password: 'new-secret-99' },
    });
  });

  it('reads the server messages by field, joining several for one field', () => {
    expect(
      errorsOf(
        refusal([
          ['username', 'is taken'],
          ['password', 'This password is too short.'],
          ['password', 'This password is too common.'],
          ['page', 'odd'],
        ]),
        'Failed',
      ),
    ).toEqual({
      username: 'is taken',
      password: 'This password is too short. This password is too common.',
      form: 'odd',
    });
    expect(errorsOf(new Error('x'), 'Failed')).toEqual({ form: 'Failed' });
  });
});

describe('UsersScreen', () => {
  beforeAll(installDialogPolyfill);

  it('lists the users with their role and state', () => {
    setup();
    const rows = within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Ada Admin');
    expect(rows[0]).toHaveTextContent('Administrator');
    expect(rows[0]).toHaveTextContent('You');
    // Nobody deactivates themselves.
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(rows[1]).toHaveTextContent('Editor');
  });

  it('creates an editor, showing the server’s messages beside the fields first', async () => {
    const user = userEvent.setup();
    const create = vi
      .fn<UsersApi['create']>()
      .mockRejectedValueOnce(
        refusal([
          ['username', 'is taken'],
          ['password', 'This password is too short.'],
        ]),
      )
      .mockResolvedValueOnce({ ...kari, id: 9, username: 'ola', name: 'Ola' });
    setup({ create });
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a user' });
    await user.type(within(dialog).getByLabelText('Username'), 'kari');
    await user.type(within(dialog).getByLabelText('Name'), 'Ola');
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(create).toHaveBeenCalledWith({
      user: { username: 'kari', password: 'short', name: 'Ola', email: '', is_superuser: false },
    });
    expect(await within(dialog).findByText('is taken')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('This password is too short.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Username'));
    await user.type(within(dialog).getByLabelText('Username'), 'ola');
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('Ola is added.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem'),
    ).toHaveLength(3);
  });

  it('changes an editor and deactivates one after asking', async () => {
    const user = userEvent.setup();
    const api = setup();
    await user.click(screen.getByRole('button', { name: 'Edit Kari' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Kari' });
    expect(within(dialog).getByLabelText('Username')).toHaveAttribute('readonly');
    await user.type(within(dialog).getByLabelText('Email'), 'kari@example.com');
    await user.click(within(dialog).getByLabelText('Administrator'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.update).toHaveBeenCalledWith(7, {
      user: { email: 'kari@example.com', is_superuser: true },
    });

    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(await screen.findByRole('button', { name: 'Deactivate Kari' }));
    expect(api.update).toHaveBeenLastCalledWith(7, { user: { is_active: false } });
    expect(await screen.findByRole('button', { name: 'Reactivate Kari' })).toBeInTheDocument();
    expect(screen.getAllByText('Deactivated').length).toBeGreaterThan(0);
  });

  it('lists deactivated users apart and reactivates one', async () => {
    const user = userEvent.setup();
    const api = setup({}, [admin, kari, retired]);
    const active = screen.getByRole('list', { name: 'Users' });
    expect(within(active).queryByText('Tor')).toBeNull();
    const apart = screen.getByRole('list', { name: 'Deactivated users' });
    expect(within(apart).getByText('Tor')).toBeInTheDocument();
    await user.click(within(apart).getByRole('button', { name: 'Reactivate Tor' }));
    expect(api.update).toHaveBeenCalledWith(8, { user: { is_active: true } });
    expect(await screen.findByText('Tor can log in again.')).toBeInTheDocument();
    expect(within(active).getByText('Tor')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Deactivated users' })).toBeNull();
  });

  it('lists invitations with state, expiry and delivery, the open first, and revokes one', async () => {
    const user = userEvent.setup();
    const api = setup();
    const rows = within(screen.getByRole('list', { name: 'Invitations' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Olga');
    expect(rows[0]).toHaveTextContent('Open');
    expect(rows[0]).toHaveTextContent('Not delivered');
    expect(rows[0]).toHaveTextContent(/Valid until .*2026/);
    expect(rows[1]).toHaveTextContent('per@example.com');
    expect(rows[1]).toHaveTextContent('Accepted');
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Revoke/ })).toBeNull();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation of Olga' }));
    expect(api.revokeInvitation).toHaveBeenCalledWith(3);
    expect(await screen.findByText('The invitation of Olga is revoked.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke the invitation of Olga' })).toBeNull();
  });

  it('invites someone with rights chosen in the grants tree, the server’s messages beside the fields', async () => {
    const user = userEvent.setup();
    const invite = vi
      .fn<UsersApi['invite']>()
      .mockRejectedValueOnce(refusal([['email', 'is not an email address']]))
      .mockResolvedValueOnce({
        ...pending,
        id: 11,
        email: 'nils@example.com',
        name: 'Nils',
        delivery: 'queued',
      });
    setup({ invite });
    await user.click(screen.getByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite someone' });
    await user.type(within(dialog).getByLabelText('Email'), 'nils@');
    await user.type(within(dialog).getByLabelText('Name'), 'Nils');
    const add = within(dialog).getByRole('button', { name: 'Add these rights' });
    expect(add).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Section' }));
    await user.click(add);
    const chosen = within(dialog).getByRole('list', { name: 'Rights chosen' });
    expect(chosen).toHaveTextContent('Edit · Section');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(invite).toHaveBeenLastCalledWith({
      invitation: {
        email: 'nils@',
        name: 'Nils',
        is_superuser: false,
        language: 'en',
        grants: [{ page_ids: '12', permissions: ['edit'] }],
      },
    });
    expect(await within(dialog).findByText('is not an email address')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('Email'), 'example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('An invitation is on its way to nils@example.com.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const rows = within(screen.getByRole('list', { name: 'Invitations' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Nils');
    expect(rows[0]).toHaveTextContent('Mail on its way');
  });

  it('sends no rights for an administrator, who may do everything', async () => {
    const user = userEvent.setup();
    const api = setup();
    await user.click(screen.getByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite someone' });
    await user.type(within(dialog).getByLabelText('Email'), 'boss@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Language of the invitation'), 'ar');
    await user.click(within(dialog).getByLabelText('Administrator'));
    expect(within(dialog).queryByRole('checkbox', { name: 'Section' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(api.invite).toHaveBeenCalledWith({
      invitation: {
        email: 'boss@example.com',
        name: '',
        is_superuser: true,
        language: 'ar',
        grants: [],
      },
    });
  });
});
