// Why a call failed, in the terms an editor can act on: the session ended (log in again), the
// server broke (its request id finds the log), the connection was lost, or the server refused.
import { HttpError, NO_ANSWER } from './http';

/** The login form (DESIGN.md §3); opened in a new tab so the work on screen is kept. */
export const LOGIN_URL = '/admin/login/';

export type RequestFailure =
  | { kind: 'session' }
  | { kind: 'server'; requestId: string | null }
  | { kind: 'network' }
  | { kind: 'refused'; status: number; detail: string };

/**
 * Classify a failed call. A 401 means the session ended; a 403 means it too when the person
 * no longer has a login (a refused CSRF token after a new login elsewhere, say), which
 * `hasLogin` asks the server about; otherwise a 403 is a real refusal.
 */
export async function requestFailure(
  error: unknown,
  hasLogin: () => Promise<boolean>,
): Promise<RequestFailure> {
  if (!(error instanceof HttpError)) return { kind: 'network' };
  if (error.status === NO_ANSWER) return { kind: 'network' };
  if (error.status === 401) return { kind: 'session' };
  if (error.status >= 500) return { kind: 'server', requestId: error.requestId };
  if (error.status === 403) {
    let loggedIn = true;
    try {
      loggedIn = await hasLogin();
    } catch {
      // Unknown: report the refusal the server gave.
    }
    if (!loggedIn) return { kind: 'session' };
  }
  return { kind: 'refused', status: error.status, detail: error.message };
}

/** Ask the server whether the session still has a login, with a cheap authenticated read. */
export function loginProbe(url: string, get: (url: string) => Promise<unknown>) {
  return async (): Promise<boolean> => {
    try {
      await get(url);
      return true;
    } catch (error) {
      if (error instanceof HttpError && (error.status === 401 || error.status === 403))
        return false;
      throw error;
    }
  };
}
