// Small request helpers: every write carries the CSRF token and the
// requested-with header; every answer is parsed JSON; failures throw HttpError.

/** The status of an HttpError for a request that got no answer (the connection was lost). */
export const NO_ANSWER = 0;
const REQUEST_ID_HEADER = 'X-Request-ID';

export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The id the server gave the request (X-Request-ID), to find its log; null without one. */
  readonly requestId: string | null;

  constructor(status: number, body: unknown, message?: string, requestId: string | null = null) {
    super(message ?? errorDetail(body) ?? `Request failed with status ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.requestId = requestId;
  }
}

/** Return the human-readable message of an error body, if it has one. */
export function errorDetail(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  if ('detail' in body && typeof body.detail === 'string') return body.detail;
  if ('error' in body && typeof body.error === 'string') return body.error;
  if ('errors' in body && Array.isArray(body.errors)) {
    const last: unknown = body.errors[body.errors.length - 1];
    if (Array.isArray(last) && typeof last[1] === 'string') return last[1];
  }
  return undefined;
}

/** The `errors` pairs of a refusal's body (a 422's `[attribute, message]`), anything malformed left out. */
export function errorPairs(body: unknown): [string, string][] {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return [];
  const errors: unknown = body.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (pair): pair is [string, string] =>
      Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string',
  );
}

let csrfToken = '';

/** Set the token sent as X-CSRFToken on every write. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/**
 * The CSRF cookie's token, when the browser has one: logging in again (in another tab, after
 * the session ended) gives a new token, and the work kept on this screen must save with it.
 */
function cookieToken(): string | null {
  if (typeof document === 'undefined') return null;
  const cookie = document.cookie.split('; ').find((part) => part.startsWith('csrftoken='));
  return cookie ? decodeURIComponent(cookie.slice('csrftoken='.length)) : null;
}

function writeHeaders(): Record<string, string> {
  return { 'X-CSRFToken': cookieToken() || csrfToken, 'X-Requested-With': 'XMLHttpRequest' };
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return { detail: text };
  }
}

interface RequestOptions {
  signal?: AbortSignal;
  /** Outlive the document (a call made as the page closes): the browser sends it anyway. */
  keepalive?: boolean;
}

async function request<T>(
  method: string,
  url: string,
  body?: unknown,
  { signal, keepalive }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') Object.assign(headers, writeHeaders());
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (error) {
    // Called off by the caller: its AbortError, for it to recognise.
    if (signal?.aborted) throw error;
    // fetch rejects only when no answer came: offline, the server unreachable, a reset.
    throw new HttpError(NO_ANSWER, null, 'Network error');
  }
  const parsed = parseBody(await response.text());
  if (!response.ok)
    throw new HttpError(
      response.status,
      parsed,
      undefined,
      response.headers.get(REQUEST_ID_HEADER),
    );
  return parsed as T;
}

/** GET; `signal` calls the request off (it then rejects with its AbortError). */
export function getJSON<T>(url: string, options: { signal?: AbortSignal } = {}): Promise<T> {
  return request<T>('GET', url, undefined, options);
}

export function postJSON<T>(url: string, body: unknown): Promise<T> {
  return request<T>('POST', url, body);
}

export function putJSON<T>(url: string, body: unknown): Promise<T> {
  return request<T>('PUT', url, body);
}

/** DELETE, with the CSRF token; a 204 answers null. `keepalive`: sent even as the page closes. */
export function deleteJSON<T = null>(
  url: string,
  options: { keepalive?: boolean } = {},
): Promise<T> {
  return request<T>('DELETE', url, undefined, options);
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** POST a multipart form through XMLHttpRequest so upload progress can be reported. */
export function postMultipart<T>(
  url: string,
  data: FormData,
  onProgress?: (progress: UploadProgress) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(writeHeaders())) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      });
    }
    xhr.addEventListener('load', () => {
      const parsed = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as T);
      else
        reject(
          new HttpError(xhr.status, parsed, undefined, xhr.getResponseHeader(REQUEST_ID_HEADER)),
        );
    });
    xhr.addEventListener('error', () => reject(new HttpError(NO_ANSWER, null, 'Network error')));
    xhr.addEventListener('abort', () => reject(new HttpError(NO_ANSWER, null, 'Upload aborted')));
    xhr.send(data);
  });
}
