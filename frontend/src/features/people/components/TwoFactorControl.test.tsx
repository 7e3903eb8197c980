import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '../../../api/types';
import { ToastProvider } from '../../../ui/toast';
import type { UsersApi } from '../api';
import { TwoFactorControl } from './TwoFactorControl';

const kari: UserRecord = {
  id: 7,
  username: 'kari',
  name: 'Kari',
  email: '',
  is_active: true,
  is_superuser: false,
  two_factor: true,
};

function setup(user: UserRecord, superuser: boolean) {
  const api: UsersApi = {
    list: vi.fn(),
    create: vi.fn(),
    update: vi.fn((id: number) => Promise.resolve({ ...kari, id, two_factor: false })),
    invite: vi.fn(),
    listInvitations: vi.fn(),
    revokeInvitation: vi.fn(),
  };
  const onChange = vi.fn();
  render(
    <ToastProvider>
      <TwoFactorControl user={user} superuser={superuser} api={api} onChange={onChange} />
    </ToastProvider>,
  );
  return { api, onChange };
}

describe('TwoFactorControl', () => {
  it('shows nothing for a user without a second factor', () => {
    setup({ ...kari, two_factor: false }, true);
    expect(screen.queryByText('Two-step sign-in')).toBeNull();
  });

  it('lets a superuser turn it off, after asking', async () => {
    const { api, onChange } = setup(kari, true);
    expect(screen.getByText('Two-step sign-in')).toBeTruthy();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(
      screen.getByRole('button', { name: 'Turn off two-step sign-in for Kari' }),
    );
    expect(api.update).toHaveBeenCalledWith(7, { user: { two_factor: false } });
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ two_factor: false }));
  });

  it('offers no action to someone who is not a superuser', () => {
    setup(kari, false);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
