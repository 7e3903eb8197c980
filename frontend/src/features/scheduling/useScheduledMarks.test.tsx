import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MARKS_REFRESH_MS, pendingByPage, useScheduledMarks } from './useScheduledMarks';

const mark = (id: number, pageId: number, state: 'waiting' | 'failed' | 'applied') => ({
  id,
  page_id: pageId,
  at: '2026-05-02T10:00:00Z',
  state,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the tree’s marks of scheduled changes', () => {
  it('mark each page once, a failed change before a waiting one', () => {
    const pending = pendingByPage([
      mark(1, 10, 'waiting'),
      mark(2, 11, 'waiting'),
      mark(3, 11, 'failed'),
      mark(4, 11, 'waiting'),
      mark(5, 12, 'applied'),
    ]);
    expect([...pending]).toEqual([
      [10, 'waiting'],
      [11, 'failed'],
    ]);
  });

  it('are read from /admin/scheduled.json, and again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [[mark(1, 10, 'waiting')], []];
    const fetchMock = vi.fn(async () => Response.json(answers.shift() ?? []));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useScheduledMarks());
    await waitFor(() => expect(result.current.get(10)).toBe('waiting'));
    expect(fetchMock).toHaveBeenCalledWith('/admin/scheduled.json', expect.anything());
    await act(() => vi.advanceTimersByTimeAsync(MARKS_REFRESH_MS));
    await waitFor(() => expect(result.current.size).toBe(0));
  });

  it('are none when the server cannot say', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 500 })),
    );
    const { result } = renderHook(() => useScheduledMarks());
    await act(() => Promise.resolve());
    expect(result.current.size).toBe(0);
  });
});
