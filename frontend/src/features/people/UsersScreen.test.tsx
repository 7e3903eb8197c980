import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRecord, UsersScreenData } from '../../api/types';
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

function setup(api: Partial<UsersApi> = {}) {
  const calls: UsersApi = {
    list: vi.fn(() => Promise.resolve([admin, kari])),
    create: vi.fn((body) =>
      Promise.resolve({ ...kari, id: 9, username: body.user.username, name: body.user.name }),
    ),
    update: vi.fn((id, body) => Promise.resolve({ ...kari, ...body.user, id })),
    ...api,
  };
  const data: UsersScreenData = {
    screen: 'users',
    ...screenBase(),
    users: [admin, kari],
  };
  render(
    <ToastProvider>
      <UsersScreen data={data} api={calls} />
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
});
