// Issue 32, item 4: each user turns mail off per kind on their account page.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NoticesApi } from '../header/noticesApi';
import { MailSettings } from './MailSettings';

const ALL_ON = {
  review_waiting: true,
  review_approved: true,
  review_changes_requested: true,
  review_withdrawn: true,
};

function setup(overrides: Partial<NoticesApi> = {}) {
  const api: NoticesApi = {
    counts: vi.fn(),
    list: vi.fn(),
    markRead: vi.fn(),
    mailSettings: vi.fn(() => Promise.resolve({ ...ALL_ON, review_withdrawn: false })),
    setMailSettings: vi.fn((mail) => Promise.resolve(mail)),
    ...overrides,
  };
  render(<MailSettings api={api} />);
  return { api, user: userEvent.setup() };
}

describe('the mail switches', () => {
  it('show each kind as stored and save the choice', async () => {
    const { api, user } = setup();
    const waiting = await screen.findByRole('checkbox', { name: 'A change waits for my review' });
    expect(waiting).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'A change waiting for my review was withdrawn' }),
    ).not.toBeChecked();
    await user.click(waiting);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.setMailSettings).toHaveBeenCalledWith({
      ...ALL_ON,
      review_waiting: false,
      review_withdrawn: false,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
  });

  it('keep the choice on screen when saving fails', async () => {
    const { user } = setup({ setMailSettings: () => Promise.reject(new Error('down')) });
    const approved = await screen.findByRole('checkbox', { name: 'My change was approved' });
    await user.click(approved);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That did not work. Try again.');
    expect(approved).not.toBeChecked();
  });

  it('say so when the settings cannot be read', async () => {
    setup({ mailSettings: () => Promise.reject(new Error('down')) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your settings could not be loaded.',
    );
  });
});
