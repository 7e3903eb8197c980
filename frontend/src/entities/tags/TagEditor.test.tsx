import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TagEditor } from './TagEditor';
import type { TagState } from './tags';

function Harness({ initial }: { initial: TagState }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TagEditor id="tags" value={value} onChange={setValue} />
      <output>{JSON.stringify(value.enabled)}</output>
    </>
  );
}

function setup(initial: TagState = { known: ['Events', 'Library'], enabled: ['Library'] }) {
  render(<Harness initial={initial} />);
  return userEvent.setup();
}

describe('TagEditor', () => {
  it('disables Add while the input is empty', async () => {
    const user = setup();
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('New tag'), '   ');
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('New tag'), 'x');
    expect(add).toBeEnabled();
  });

  it.each([
    ['Enter adds a new tag', 'Music{Enter}', '["Library","Music"]'],
    ['an existing tag in another case keeps its spelling', 'EVENTS{Enter}', '["Library","Events"]'],
    ['a duplicate is not added', 'library{Enter}', '["Library"]'],
  ])('%s', async (_, typed, enabled) => {
    const user = setup();
    await user.type(screen.getByLabelText('New tag'), typed);
    expect(screen.getByRole('status')).toHaveTextContent(enabled);
    expect(screen.getByLabelText('New tag')).toHaveValue('');
  });

  it('toggles known tags on and off', async () => {
    const user = setup();
    const events = screen.getByRole('button', { name: 'Events' });
    expect(events).toHaveAttribute('aria-pressed', 'false');
    await user.click(events);
    expect(events).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Library' }));
    expect(screen.getByRole('status')).toHaveTextContent('["Events"]');
  });

  it('adds with the Add button', async () => {
    const user = setup({ known: [], enabled: [] });
    await user.type(screen.getByLabelText('New tag'), 'Jazz');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('button', { name: 'Jazz' })).toHaveAttribute('aria-pressed', 'true');
  });
});
