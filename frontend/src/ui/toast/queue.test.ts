import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_FADE_MS, TOAST_VISIBLE_MS, createToastQueue } from './queue';

describe('toast queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the spec timings', () => {
    expect(TOAST_VISIBLE_MS).toBe(4000);
    expect(TOAST_FADE_MS).toBe(500);
  });

  it('shows a message for 4000 ms, fades for 500 ms, then removes it', () => {
    const queue = createToastQueue();
    queue.push('notice', 'Your changes were saved');
    expect(queue.getState().current).toMatchObject({
      type: 'notice',
      message: 'Your changes were saved',
      phase: 'visible',
    });
    vi.advanceTimersByTime(3999);
    expect(queue.getState().current?.phase).toBe('visible');
    vi.advanceTimersByTime(1);
    expect(queue.getState().current?.phase).toBe('fading');
    vi.advanceTimersByTime(499);
    expect(queue.getState().current?.phase).toBe('fading');
    vi.advanceTimersByTime(1);
    expect(queue.getState().current).toBeNull();
  });

  it('shows one message at a time, in order', () => {
    const queue = createToastQueue();
    queue.push('error', 'first');
    queue.push('notice', 'second');
    expect(queue.getState().current?.message).toBe('first');
    expect(queue.getState().pending.map((toast) => toast.message)).toEqual(['second']);
    vi.advanceTimersByTime(4500);
    expect(queue.getState().current).toMatchObject({ message: 'second', type: 'notice' });
    expect(queue.getState().pending).toEqual([]);
    vi.advanceTimersByTime(4500);
    expect(queue.getState().current).toBeNull();
  });

  it('notifies subscribers and stops after dispose', () => {
    const queue = createToastQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    queue.push('error', 'oops');
    const calls = listener.mock.calls.length;
    expect(calls).toBeGreaterThan(0);
    queue.dispose();
    vi.advanceTimersByTime(10000);
    expect(listener).toHaveBeenCalledTimes(calls);
  });

  it('stops the clock while held and gives the message its full time when released', () => {
    const queue = createToastQueue();
    queue.push('error', 'first');
    queue.push('notice', 'second');
    vi.advanceTimersByTime(4200);
    expect(queue.getState().current?.phase).toBe('fading');
    queue.hold();
    expect(queue.getState().current?.phase).toBe('visible');
    vi.advanceTimersByTime(60_000);
    expect(queue.getState().current?.message).toBe('first');
    queue.release();
    vi.advanceTimersByTime(3999);
    expect(queue.getState().current?.phase).toBe('visible');
    vi.advanceTimersByTime(501);
    expect(queue.getState().current?.message).toBe('second');
  });

  it('dismisses the current message at once and shows the next', () => {
    const queue = createToastQueue();
    queue.push('error', 'first');
    queue.push('notice', 'second');
    queue.dismiss();
    expect(queue.getState().current).toMatchObject({ message: 'second', phase: 'visible' });
    queue.dismiss();
    expect(queue.getState().current).toBeNull();
  });
});

describe('withdrawing a message', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('removes the shown message at once and shows the next', () => {
    const queue = createToastQueue();
    queue.push('error', 'A validation error prevented the page from being saved.');
    queue.push('notice', 'Your changes were saved');
    queue.withdraw('A validation error prevented the page from being saved.');
    expect(queue.getState().current).toMatchObject({
      message: 'Your changes were saved',
      phase: 'visible',
    });
    vi.advanceTimersByTime(4500);
    expect(queue.getState().current).toBeNull();
  });

  it('removes waiting copies and leaves other messages alone', () => {
    const queue = createToastQueue();
    queue.push('notice', 'first');
    queue.push('error', 'stale');
    queue.push('error', 'stale');
    queue.withdraw('stale');
    expect(queue.getState().current?.message).toBe('first');
    expect(queue.getState().pending).toEqual([]);
    queue.withdraw('not there');
    expect(queue.getState().current?.message).toBe('first');
  });
});

describe('messages on one subject', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('replaces the shown message on the subject at once, with its full time', () => {
    const queue = createToastQueue();
    queue.push('notice', '“Staff” was published.', undefined, 'page-3');
    queue.push('notice', 'other');
    vi.advanceTimersByTime(3000);
    queue.push('notice', '“Staff” was deleted.', undefined, 'page-3');
    expect(queue.getState().current).toMatchObject({
      message: '“Staff” was deleted.',
      phase: 'visible',
    });
    expect(queue.getState().pending.map((toast) => toast.message)).toEqual(['other']);
    vi.advanceTimersByTime(3999);
    expect(queue.getState().current?.phase).toBe('visible');
    vi.advanceTimersByTime(501);
    expect(queue.getState().current?.message).toBe('other');
  });

  it('replaces a waiting message on the subject, and queues behind other subjects', () => {
    const queue = createToastQueue();
    queue.push('notice', 'first', undefined, 'page-1');
    queue.push('notice', '“Staff” was published.', undefined, 'page-3');
    queue.push('notice', '“Staff” was deleted.', undefined, 'page-3');
    expect(queue.getState().current?.message).toBe('first');
    expect(queue.getState().pending.map((toast) => toast.message)).toEqual([
      '“Staff” was deleted.',
    ]);
  });

  it('takes back the subject’s messages, shown or waiting, and no other', () => {
    const queue = createToastQueue();
    queue.push('notice', 'copied: save to keep it', undefined, 'unsaved');
    queue.push('notice', 'plain');
    queue.push('notice', 'restored: save to keep them', undefined, 'unsaved');
    queue.withdrawSubject('unsaved');
    expect(queue.getState().current).toMatchObject({ message: 'plain', phase: 'visible' });
    expect(queue.getState().pending).toEqual([]);
    queue.withdrawSubject('unsaved');
    expect(queue.getState().current?.message).toBe('plain');
  });
});
