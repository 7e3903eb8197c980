import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditLog, AuditLogScreenData } from '../../api/types';
import { ToastProvider } from '../../ui/toast';
import { AuditLogScreen } from './AuditLogScreen';
import { logQuery, startOfDay } from './model';
import { screenBase } from '../../test/screenData';

const log = (total: number, page = 1): AuditLog => ({
  entries: [
    {
      id: 1,
      action: 'grants',
      user: { id: 1, name: 'Admin' },
      at: '2024-05-02T09:30:00Z',
      subject: 'user',
      subject_id: 7,
      details: { action: 'grant', permissions: ['edit'], page_ids: [12] },
    },
  ],
  page,
  per_page: 50,
  total,
});

function setup() {
  const load = vi.fn(() => Promise.resolve(log(1)));
  const data: AuditLogScreenData = {
    screen: 'auditLog',
    ...screenBase(),
    users: [
      {
        id: 1,
        username: 'admin',
        name: 'Admin',
        email: '',
        is_active: true,
        is_superuser: true,
        two_factor: false,
      },
      {
        id: 7,
        username: 'kari',
        name: 'Kari',
        email: '',
        is_active: true,
        is_superuser: false,
        two_factor: false,
      },
    ],
    log: log(120),
    filters: { user_id: null, action: null, since: null, until: null, page: 1 },
    templates: [],
  };
  render(
    <ToastProvider>
      <AuditLogScreen data={data} load={load} />
    </ToastProvider>,
  );
  return { user: userEvent.setup(), load };
}

describe('AuditLogScreen', () => {
  it('shows who did what in plain words, and pages through the log', async () => {
    const { user, load } = setup();
    expect(screen.getByText('granted edit to user Kari')).toBeInTheDocument();
    expect(screen.getByText('On page 12')).toBeInTheDocument();
    expect(screen.getByText('120 entries · page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ page: 2 }), 'en');
  });

  it('filters by user and action, from the first page, keeping the filters in the address', async () => {
    const { user, load } = setup();
    await user.selectOptions(screen.getByLabelText('User'), 'Kari');
    await user.selectOptions(screen.getByLabelText('Action'), 'Grants');
    expect(load).toHaveBeenLastCalledWith(
      { user_id: 7, action: 'grants', since: null, until: null, page: 1 },
      'en', // the content locale pages and files are named in
    );
    expect(window.location.search).toBe('?locale=en&user=7&action=grants');
  });

  it('asks for whole days in the browser’s time zone', () => {
    const filters = {
      user_id: null,
      action: null,
      since: '2024-05-01',
      until: '2024-05-03',
      page: 1,
    };
    const query = new URLSearchParams(logQuery(filters));
    expect(query.get('since')).toBe(startOfDay('2024-05-01'));
    expect(query.get('until')).toBe(new Date(2024, 4, 4).toISOString());
  });
});
