import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_FADE_MS, TOAST_VISIBLE_MS } from './queue';
import { ToastProvider, useToast } from './ToastProvider';
import type { Toaster } from './ToastProvider';

/** Render a provider and return its toaster. */
function setup(): Toaster {
  let toaster: Toaster | null = null;
  function Grab() {
    toaster = useToast();
    return null;
  }
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
  if (!toaster) throw new Error('no toaster');
  return toaster;
}

const toast = (text: string) => screen.getByText(text).closest('.toast') as HTMLElement;

describe('ToastProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not hold a plain notice while the pointer or the focus is on it', () => {
    const toaster = setup();
    act(() => toaster.notice('Saved'));
    fireEvent.pointerEnter(toast('Saved'));
    fireEvent.focus(toast('Saved'));
    act(() => vi.advanceTimersByTime(TOAST_VISIBLE_MS));
    expect(toast('Saved')).toHaveClass('toast--fading');
    act(() => vi.advanceTimersByTime(TOAST_FADE_MS));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('holds a message with an action while the pointer is on it', () => {
    const toaster = setup();
    act(() => toaster.error('Failed', { label: 'Retry', run: vi.fn() }));
    fireEvent.pointerEnter(toast('Failed'));
    act(() => vi.advanceTimersByTime(TOAST_VISIBLE_MS + TOAST_FADE_MS));
    expect(toast('Failed')).not.toHaveClass('toast--fading');
    fireEvent.pointerLeave(toast('Failed'));
    act(() => vi.advanceTimersByTime(TOAST_VISIBLE_MS + TOAST_FADE_MS));
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });

  it('runs the action when its button is clicked, and dismisses the message', () => {
    const toaster = setup();
    const run = vi.fn();
    act(() => toaster.error('Failed', { label: 'Retry', run }));
    act(() => toaster.notice('Next'));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
    expect(screen.getByText('Next')).toBeInTheDocument();
  });
});
