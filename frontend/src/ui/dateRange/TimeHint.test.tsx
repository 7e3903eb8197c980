import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateTimeInput } from './DateTimeInput';

function Harness() {
  const [value, setValue] = useState(new Date(2026, 4, 1, 18, 0));
  return (
    <>
      <DateTimeInput
        id="starts"
        label="Starts"
        value={value}
        onChange={setValue}
        showTime
        locale="en"
      />
      <output>{value.toString()}</output>
    </>
  );
}

describe('a time the time box ignores', () => {
  it('gets a visible hint, and the value keeps its time (spec §5)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const time = screen.getByLabelText('Starts: time');
    await user.clear(time);
    await user.type(time, '7pm');
    const hint = screen.getByText(
      '“7pm” is not a time: type hours and minutes, like 9 or 14:30. The time stays 07:00.',
    );
    expect(hint).toBeVisible();
    expect(time).toHaveAccessibleDescription(hint.textContent ?? '');
    expect(time).toBeInvalid();
    await user.clear(time);
    await user.type(time, '19:30');
    expect(screen.queryByText(/is not a time/)).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('19:30');
  });

  it('says nothing while the box is empty', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.clear(screen.getByLabelText('Starts: time'));
    expect(screen.queryByText(/is not a time/)).not.toBeInTheDocument();
  });
});
