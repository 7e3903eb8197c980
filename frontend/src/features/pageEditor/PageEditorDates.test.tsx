// Issue 28, item 2: a page with a dated template and no dates keeps none until the editor sets
// them (a save writes no made-up date); set dates can be cleared, and the save sends null.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderEditor as setup, sentPage as sent } from './test/renderEditor';
import { page } from './test/fixtures';

const saveButton = () => screen.getByRole('button', { name: 'Save' });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 4, 3, 13, 20));
  window.history.replaceState(null, '', '/admin/en/pages/5/edit');
});
afterEach(() => vi.useRealTimers());

describe('a dated template without dates', () => {
  it('shows no dates, is not changed by opening it, and saves none', async () => {
    const { user, api } = setup({ page: page({ template: 'event' }) });
    expect(screen.getByText('No dates set.')).toBeVisible();
    expect(screen.queryByLabelText('Starts: day')).not.toBeInTheDocument();
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    await user.click(saveButton());
    expect(sent(api)).toMatchObject({ starts_at: null, ends_at: null, all_day: false });
  });

  it('takes the default range once the editor sets dates', async () => {
    const { user, api } = setup({ page: page({ template: 'event' }) });
    await user.click(screen.getByRole('button', { name: 'Set dates' }));
    expect(screen.queryByText('All changes saved')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Starts: time')).toHaveValue('14:00');
    expect(screen.getByLabelText('Ends: time')).toHaveValue('15:00');
    await user.click(saveButton());
    expect(sent(api)).toMatchObject({
      starts_at: new Date(2026, 4, 3, 14, 0, 1).toISOString(),
      ends_at: new Date(2026, 4, 3, 15, 0, 1).toISOString(),
    });
  });
});

describe('set dates', () => {
  it('can be cleared: the save sends null and all day off', async () => {
    const { user, api } = setup({
      page: page({
        template: 'event',
        starts_at: '2026-05-01T18:00:00Z',
        ends_at: '2026-05-01T20:00:00Z',
        all_day: true,
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(screen.getByText('No dates set.')).toBeVisible();
    await user.click(saveButton());
    expect(sent(api)).toMatchObject({ starts_at: null, ends_at: null, all_day: false });
  });
});
