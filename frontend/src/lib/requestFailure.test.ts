import { describe, expect, it, vi } from 'vitest';
import { HttpError, NO_ANSWER } from './http';
import { loginProbe, requestFailure } from './requestFailure';

const loggedIn = () => Promise.resolve(true);
const loggedOut = () => Promise.resolve(false);

describe('requestFailure', () => {
  it('calls a 401 an ended session', async () => {
    await expect(requestFailure(new HttpError(401, null), loggedIn)).resolves.toEqual({
      kind: 'session',
    });
  });

  it('calls a 403 an ended session only when there is no login any more', async () => {
    await expect(requestFailure(new HttpError(403, null), loggedOut)).resolves.toEqual({
      kind: 'session',
    });
    await expect(
      requestFailure(new HttpError(403, { detail: 'No grant' }), loggedIn),
    ).resolves.toEqual({ kind: 'refused', status: 403, detail: 'No grant' });
  });

  it('keeps the request id of a server error', async () => {
    const error = new HttpError(500, null, undefined, 'abc-123');
    await expect(requestFailure(error, loggedIn)).resolves.toEqual({
      kind: 'server',
      requestId: 'abc-123',
    });
  });

  it('calls a request without an answer a lost connection', async () => {
    await expect(
      requestFailure(new HttpError(NO_ANSWER, null, 'Network error'), loggedIn),
    ).resolves.toEqual({ kind: 'network' });
    await expect(requestFailure(new TypeError('Failed to fetch'), loggedIn)).resolves.toEqual({
      kind: 'network',
    });
  });
});

describe('loginProbe', () => {
  it('answers false when the read is refused for want of a login', async () => {
    const probe = loginProbe('/x', vi.fn().mockRejectedValue(new HttpError(401, null)));
    await expect(probe()).resolves.toBe(false);
    await expect(loginProbe('/x', vi.fn().mockResolvedValue([]))()).resolves.toBe(true);
  });
});
