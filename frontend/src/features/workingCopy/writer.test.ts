// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NO_ANSWER } from '../../lib/http';
import { readLocal } from './localCopy';
import { RETRY_DELAYS_MS, SERVER_DELAY_MS, createWriter } from './writer';
import type { WorkingPayload } from './types';

const target = { userId: 1, pageId: 5, locale: 'en' };
const payload = (name: string): WorkingPayload => ({ page: { name, lock_version: 3 } });

function setup() {
  const api = {
    keep: vi.fn<(locale: string, id: number, payload: WorkingPayload) => Promise<void>>(() =>
      Promise.resolve(),
    ),
    discard: vi.fn<(locale: string, id: number) => Promise<void>>(() => Promise.resolve()),
  };
  const writer = createWriter({ api, storage: window.localStorage, target });
  return { api, writer };
}

const offline = () => Promise.reject(new HttpError(NO_ANSWER, null, 'Network error'));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-05-02T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the working copy writer', () => {
  it('keeps each edit in the browser at once and on the server once typing stops', async () => {
    const { api, writer } = setup();
    writer.edit(payload('T'));
    expect(readLocal(window.localStorage, target)).toEqual({
      payload: payload('T'),
      savedAt: '2026-05-02T10:00:00.000Z',
    });
    await vi.advanceTimersByTimeAsync(500);
    writer.edit(payload('Te'));
    await vi.advanceTimersByTimeAsync(500);
    writer.edit(payload('Tea'));
    expect(readLocal(window.localStorage, target)?.payload).toEqual(payload('Tea'));
    // Typing went on: nothing sent yet.
    expect(api.keep).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS - 1);
    expect(api.keep).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.keep).toHaveBeenCalledTimes(1);
    expect(api.keep).toHaveBeenCalledWith('en', 5, payload('Tea'));
    // Within a second of the last keystroke.
    expect(SERVER_DELAY_MS).toBeLessThanOrEqual(1000);
  });

  it('keeps the local copy when the server fails, and tries again, silently', async () => {
    const { api, writer } = setup();
    api.keep.mockImplementation(offline);
    writer.edit(payload('Team'));
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS);
    expect(api.keep).toHaveBeenCalledTimes(1);
    expect(readLocal(window.localStorage, target)?.payload).toEqual(payload('Team'));
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(api.keep).toHaveBeenCalledTimes(2);
    api.keep.mockImplementation(() => Promise.resolve());
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1]);
    expect(api.keep).toHaveBeenCalledTimes(3);
    expect(api.keep).toHaveBeenLastCalledWith('en', 5, payload('Team'));
    // Sent: no more tries, and the local copy stays until a save or a discard.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.keep).toHaveBeenCalledTimes(3);
    expect(readLocal(window.localStorage, target)).not.toBeNull();
  });

  it('sends the newest copy when it tries again, and at once when the browser is back online', async () => {
    const { api, writer } = setup();
    api.keep.mockImplementation(offline);
    writer.edit(payload('A'));
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS);
    api.keep.mockImplementation(() => Promise.resolve());
    writer.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.keep).toHaveBeenCalledTimes(2);
    expect(api.keep).toHaveBeenLastCalledWith('en', 5, payload('A'));
  });

  it('does not try again a copy the server refuses as malformed', async () => {
    const { api, writer } = setup();
    api.keep.mockImplementation(() => Promise.reject(new HttpError(422, { errors: [] })));
    writer.edit(payload('A'));
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS + 60_000);
    expect(api.keep).toHaveBeenCalledTimes(1);
  });

  it('clears both copies, after a copy still on its way, never before it', async () => {
    const { api, writer } = setup();
    let answer: () => void = () => undefined;
    api.keep.mockImplementation(() => new Promise<void>((resolve) => (answer = resolve)));
    writer.edit(payload('A'));
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS);
    writer.clear();
    expect(readLocal(window.localStorage, target)).toBeNull();
    // The PUT is still on its way: the DELETE waits for it.
    expect(api.discard).not.toHaveBeenCalled();
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.discard).toHaveBeenCalledWith('en', 5);
  });

  it('drops a copy waiting for typing to stop when it is cleared', async () => {
    const { api, writer } = setup();
    writer.edit(payload('A'));
    writer.clear();
    await vi.advanceTimersByTimeAsync(SERVER_DELAY_MS * 2);
    expect(api.keep).not.toHaveBeenCalled();
    expect(api.discard).toHaveBeenCalledTimes(1);
  });

  it('sends the waiting copy at once when it stops, and then tries no more', async () => {
    const { api, writer } = setup();
    api.keep.mockImplementation(offline);
    writer.edit(payload('A'));
    expect(writer.hasSent()).toBe(true);
    writer.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.keep).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.keep).toHaveBeenCalledTimes(1);
    expect(readLocal(window.localStorage, target)?.payload).toEqual(payload('A'));
  });
});
