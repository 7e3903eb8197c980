import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MARKS_REFRESH_MS, pendingByPage, useScheduledMarks } from './useScheduledMarks';

const mark = (
  id: number,
  pageId: number,
  state: 'waiting' | 'failed' | 'applied',
  at = '2026-05-02T10:00:00Z',
) => ({ id, page_id: pageId, at, state, reason: state === 'failed' ? 'Why' : null });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the tree’s marks of scheduled changes', () => {
  it('mark each page once, a failed change before a waiting one, else the soonest', () => {
    const pending = pendingByPage([
      mark(1, 10, 'waiting', '2026-05-03T10:00:00Z'),
      mark(6, 10, 'waiting', '2026-05-02T09:00:00Z'),
      mark(2, 11, 'waiting'),
      mark(3, 11, 'failed'),
      mark(4, 11, 'waiting'),
      mark(5, 12, 'applied'),
    ]);
    expect([...pending]).toEqual([
      [10, { state: 'waiting', at: '2026-05-02T09:00:00Z', reason: null }],
      [11, { state: 'failed', at: '2026-05-02T10:00:00Z', reason: 'Why' }],
    ]);
  });

  it('read every page of the list, and stop at one that is not full', async () => {
    const full = Array.from({ length: 50 }, (_, index) => mark(index + 1, index + 1, 'waiting'));
    const fetchMock = vi.fn(async (url: string) =>
      Response.json(url.endsWith('page=1') ? full : [mark(99, 99, 'failed')]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useScheduledMarks());
    await waitFor(() => expect(result.current.size).toBe(51));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/admin/scheduled.json?page=1',
      '/admin/scheduled.json?page=2',
    ]);
  });

  it('are read from /admin/scheduled.json, and again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [[mark(1, 10, 'waiting')], []];
    const fetchMock = vi.fn(async () => Response.json(answers.shift() ?? []));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useScheduledMarks());
    await waitFor(() => expect(result.current.get(10)?.state).toBe('waiting'));
    expect(fetchMock).toHaveBeenCalledWith('/admin/scheduled.json?page=1', expect.anything());
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
