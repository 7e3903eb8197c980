import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TagEditor } from './TagEditor';
import { matchingTags } from './tags';
import type { TagState } from './tags';

function Harness() {
  const [value, setValue] = useState<TagState>({
    known: ['Events', 'Library', 'Lectures', 'Ærlig talt'],
    enabled: ['Library'],
  });
  return <TagEditor id="tags" value={value} onChange={setValue} />;
}

const shown = () =>
  within(screen.getByRole('list', { name: 'Known tags' }))
    .getAllByRole('button')
    .map((button) => button.textContent?.slice(1));

describe('the tag editor filters its suggestions as one types', () => {
  it.each([
    ['', ['Events', 'Library', 'Lectures', 'Ærlig talt']],
    ['LE', ['Lectures']],
    ['  e ', ['Events', 'Lectures']],
    ['ær', ['Ærlig talt']],
    ['zzz', []],
  ])('%j keeps %j', (input, expected) => {
    expect(matchingTags(['Events', 'Library', 'Lectures', 'Ærlig talt'], input)).toEqual(expected);
  });

  it('narrows the list while typing and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('New tag');
    await user.type(input, 'lib');
    expect(shown()).toEqual(['Library']);
    expect(screen.getByText('1 known tag matches.')).toBeInTheDocument();
    await user.type(input, 'x');
    expect(screen.queryByRole('list', { name: 'Known tags' })).not.toBeInTheDocument();
    expect(screen.getByText('No known tag contains “libx”: Add creates it.')).toBeInTheDocument();
    await user.clear(input);
    expect(shown()).toHaveLength(4);
  });
});
