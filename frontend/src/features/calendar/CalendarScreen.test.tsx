// The calendar screen reads its month, shows each page on its days as a link to its editor,
// all-day and timed apart, and moves between months.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarMonth, CalendarScreenData } from '../../api/types';
import { screenBase } from '../../test/screenData';
import { CalendarScreen } from './CalendarScreen';
import type { CalendarApi } from './api';

const data: CalendarScreenData = { ...screenBase('en'), screen: 'calendar', month: '2025-03' };

const march: CalendarMonth = {
  month: '2025-03',
  cap: 500,
  truncated: false,
  items: [
    {
      id: 7,
      name: 'Board meeting',
      status: 2,
      starts_at: new Date(2025, 2, 12, 9).toISOString(),
      ends_at: new Date(2025, 2, 12, 11).toISOString(),
      all_day: false,
    },
    {
      id: 8,
      name: 'Book fair',
      status: 0,
      starts_at: new Date(2025, 2, 20, 0).toISOString(),
      ends_at: new Date(2025, 2, 21, 0).toISOString(),
      all_day: true,
    },
  ],
};

describe('CalendarScreen', () => {
  it('shows the month’s pages as links to their editors, and moves between months', async () => {
    const month = vi.fn<CalendarApi['month']>(async (_locale, asked) =>
      asked.month === 3 ? march : { ...march, month: '2025-04', items: [] },
    );
    render(<CalendarScreen data={data} api={{ month }} />);
    const meeting = await screen.findByRole('link', { name: /Board meeting/ });
    expect(meeting).toHaveAttribute('href', '/admin/en/pages/7/edit');
    expect(screen.getAllByRole('link', { name: /All day Book fair/ })).toHaveLength(2);
    expect(month).toHaveBeenCalledWith('en', { year: 2025, month: 3 }, expect.anything());

    await userEvent.click(screen.getByRole('button', { name: /Next month/ }));
    expect(await screen.findByRole('heading', { name: 'April 2025' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Board meeting/ })).not.toBeInTheDocument();
    expect(window.location.search).toBe('?month=2025-04');
  });

  it('says so when the month cannot be read', async () => {
    const month = vi.fn<CalendarApi['month']>(() => Promise.reject(new Error('down')));
    render(<CalendarScreen data={data} api={{ month }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
  });
});
