// Issue 18, item 2: a page carries its own tags and a bounded number of suggestions; the tag
// editor asks the server for more by prefix as one types (debounced, stale requests cancelled),
// and keeps to the limits: at most 100 tags, each at most 100 characters.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TagEditor } from './TagEditor';
import type { TagSuggester } from './api';
import { MAX_TAGS } from './tags';
import type { TagState } from './tags';

function Harness({ initial, suggest }: { initial: TagState; suggest: TagSuggester }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TagEditor id="tags" value={value} onChange={setValue} suggest={suggest} />
      <output>{JSON.stringify(value.enabled)}</output>
    </>
  );
}

const chips = () =>
  within(screen.getByRole('list', { name: 'Known tags' }))
    .getAllByRole('button')
    .map((button) => button.textContent?.slice(1));

function setup(
  suggest: TagSuggester,
  initial: TagState = { known: ['Events', 'Library'], enabled: ['Library'] },
) {
  render(<Harness initial={initial} suggest={suggest} />);
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('suggestions from the server', () => {
  it('asks by prefix once typing pauses for 200 ms, and offers what it answers', async () => {
    const suggest = vi.fn<TagSuggester>(() => Promise.resolve(['Jazz', 'Jazz festival']));
    const user = setup(suggest);
    await user.type(screen.getByLabelText('New tag'), 'jaz');
    // Typed faster than the delay: nothing asked yet.
    expect(suggest).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(suggest).toHaveBeenCalledWith('jaz', expect.any(AbortSignal));
    expect(chips()).toEqual(['Jazz', 'Jazz festival']);
    // Turned on, a suggestion stays among the page's tags when the box is cleared.
    await user.click(screen.getByRole('button', { name: 'Jazz festival' }));
    expect(screen.getByRole('status')).toHaveTextContent('["Library","Jazz festival"]');
    await user.clear(screen.getByLabelText('New tag'));
    expect(chips()).toEqual(['Events', 'Library', 'Jazz festival']);
  });

  it('cancels a request the typing has overtaken, and never shows its answer', async () => {
    const answers: ((tags: string[]) => void)[] = [];
    const signals: AbortSignal[] = [];
    const suggest = vi.fn<TagSuggester>(
      (_prefix, signal) =>
        new Promise((resolve) => {
          answers.push(resolve);
          signals.push(signal);
        }),
    );
    const user = setup(suggest);
    const box = screen.getByLabelText('New tag');
    await user.type(box, 'li');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await user.type(box, 'x');
    expect(signals[0]?.aborted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(suggest).toHaveBeenLastCalledWith('lix', expect.any(AbortSignal));
    await act(async () => answers[0]?.(['Library', 'Lighthouse']));
    expect(screen.queryByRole('button', { name: 'Lighthouse' })).toBeNull();
    await act(async () => answers[1]?.(['Lixir']));
    expect(chips()).toEqual(['Lixir']);
  });

  it('keeps the page’s own suggestions when the server cannot be asked', async () => {
    const suggest = vi.fn<TagSuggester>(() => Promise.reject(new Error('Network error')));
    const user = setup(suggest);
    await user.type(screen.getByLabelText('New tag'), 'ev');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(chips()).toEqual(['Events']);
  });
});

describe('the limits', () => {
  const never: TagSuggester = () => new Promise(() => undefined);

  it('refuses a tag longer than 100 characters, saying so', async () => {
    const user = setup(never);
    const box = screen.getByLabelText('New tag');
    await user.click(box);
    await user.paste('x'.repeat(101));
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription('A tag can have at most 100 characters.');
    // Add would not create it: the matches line says nothing of the kind.
    expect(screen.queryByText(/Add creates it/)).toBeNull();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('["Library"]');
    await user.keyboard('{Backspace}');
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  it('adds no 101st tag, and says how to make room', async () => {
    const hundred = Array.from({ length: MAX_TAGS }, (_, index) => `Tag ${index}`);
    const user = setup(never, { known: [...hundred, 'Spare'], enabled: hundred });
    const message = 'A page can have at most 100 tags: turn one off to add another.';
    expect(screen.getByText(message)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Spare' })).toBeDisabled();
    await user.type(screen.getByLabelText('New tag'), 'Brand new');
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    await user.clear(screen.getByLabelText('New tag'));
    await user.click(screen.getByRole('button', { name: 'Tag 0' }));
    expect(screen.queryByText(message)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Spare' }));
    expect(screen.getByRole('button', { name: 'Spare' })).toHaveAttribute('aria-pressed', 'true');
  });
});
