import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateRange } from './DateRange';
import type { DateRangeValue } from './dates';

function Harness({ initial }: { initial: DateRangeValue | null }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateRange id="d" value={value} onChange={setValue} locale="en" />
      <output>{value ? `${value.startsAt.toString()}|${value.endsAt.toString()}` : 'none'}</output>
    </>
  );
}

const start = new Date(2026, 4, 3, 10, 0);
const end = new Date(2026, 4, 3, 12, 0);

function setup() {
  render(<Harness initial={{ startsAt: start, endsAt: end, allDay: false }} />);
  return userEvent.setup();
}

function shown(): [string, string] {
  const [a = '', b = ''] = (screen.getByRole('status').textContent ?? '').split('|');
  return [a, b];
}

describe('DateRange', () => {
  it('moves the end with the start', async () => {
    const user = setup();
    await user.selectOptions(screen.getByLabelText('Starts: day'), '5');
    expect(shown()).toEqual([
      new Date(2026, 4, 5, 10).toString(),
      new Date(2026, 4, 5, 12).toString(),
    ]);
  });

  it('sets an end before the start to the start, and says so beside the end', async () => {
    const user = setup();
    const note = 'The end can’t be before the start, so it was set to the start.';
    expect(screen.queryByText(note)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Ends: month'), 'January');
    expect(shown()).toEqual([start.toString(), start.toString()]);
    expect(screen.getByText(note)).toBeVisible();
    expect(screen.getByLabelText('Ends: month')).toHaveAccessibleDescription(note);
    // An end after the start is taken as it is, and the note goes.
    await user.selectOptions(screen.getByLabelText('Ends: day'), '9');
    expect(shown()[1]).toBe(new Date(2026, 4, 9, 10, 0).toString());
    expect(screen.queryByText(note)).not.toBeInTheDocument();
  });

  it('says nothing when the start moves the end along', async () => {
    const user = setup();
    await user.selectOptions(screen.getByLabelText('Starts: year'), '2025');
    expect(screen.queryByText(/can’t be before the start/)).not.toBeInTheDocument();
  });

  it('takes H:MM in the time box and ignores anything else', async () => {
    const user = setup();
    const time = screen.getByLabelText('Ends: time');
    expect(time).toHaveValue('12:00');
    await user.clear(time);
    await user.type(time, '14:30');
    expect(shown()[1]).toBe(new Date(2026, 4, 3, 14, 30).toString());
    await user.clear(time);
    await user.type(time, 'noon');
    expect(shown()[1]).toBe(new Date(2026, 4, 3, 14, 30).toString());
    await user.tab();
    expect(time).toHaveValue('14:30');
  });

  it('hides the times for all-day events and lists 201 years', async () => {
    const user = setup();
    expect(
      screen.getByLabelText('Starts: year').querySelectorAll('option').length,
    ).toBeGreaterThanOrEqual(201);
    await user.click(screen.getByLabelText('All day'));
    expect(screen.queryByLabelText('Starts: time')).not.toBeInTheDocument();
  });
});

describe('DateRange without dates (issue 28, item 2)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows no date until one is set, then the default: the next full hour plus one second, for an hour', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 4, 3, 13, 20));
    render(<Harness initial={null} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    expect(screen.getByText('No dates set.')).toBeVisible();
    expect(screen.queryByLabelText('Starts: day')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('All day')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('none');

    await user.click(screen.getByRole('button', { name: 'Set dates' }));
    expect(shown()).toEqual([
      new Date(2026, 4, 3, 14, 0, 1).toString(),
      new Date(2026, 4, 3, 15, 0, 1).toString(),
    ]);
    // The first control of the range takes the focus: the editor goes on from there.
    expect(screen.getByLabelText('Starts: day')).toHaveFocus();
  });

  it('clears set dates, and gives the focus to the button that sets them again', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(screen.getByRole('status')).toHaveTextContent('none');
    expect(screen.getByRole('button', { name: 'Set dates' })).toHaveFocus();
  });
});
