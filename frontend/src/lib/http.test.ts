import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HttpError,
  deleteJSON,
  errorDetail,
  errorPairs,
  getJSON,
  postJSON,
  postMultipart,
  putJSON,
  setCsrfToken,
} from './http';

function mockFetch(status: number, body: string) {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('JSON helpers', () => {
  it('GET parses JSON without write headers', async () => {
    const fetchMock = mockFetch(200, '{"ok":true}');
    await expect(getJSON('/x.json')).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.method).toBe('GET');
    expect(init.headers).not.toHaveProperty('X-CSRFToken');
  });

  it.each([
    ['POST', postJSON],
    ['PUT', putJSON],
  ] as const)('%s sends JSON with the CSRF and requested-with headers', async (method, helper) => {
    setCsrfToken('abc');
    const fetchMock = mockFetch(200, '{"id":1}');
    await expect(helper('/admin/en/pages.json', { page: { name: 'A' } })).resolves.toEqual({
      id: 1,
    });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.method).toBe(method);
    expect(init.body).toBe('{"page":{"name":"A"}}');
    expect(init.headers).toMatchObject({
      'X-CSRFToken': 'abc',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    });
  });

  it('DELETE answers null for a 204, and with keepalive outlives the page', async () => {
    setCsrfToken('abc');
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(deleteJSON('/x.json', { keepalive: true })).resolves.toBeNull();
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init).toMatchObject({ method: 'DELETE', keepalive: true });
    expect(init.headers).toMatchObject({ 'X-CSRFToken': 'abc' });
    await deleteJSON('/x.json');
    expect(fetchMock.mock.calls[1]?.[1]).not.toHaveProperty('keepalive');
  });

  it('throws an HttpError carrying status and parsed body', async () => {
    mockFetch(409, '{"detail":"This page was changed by someone else."}');
    const error = await putJSON('/x', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 409,
      body: { detail: 'This page was changed by someone else.' },
      message: 'This page was changed by someone else.',
    });
  });

  it('keeps the request id the server answered with', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"detail":"Boom"}', { status: 500, headers: { 'X-Request-ID': 'r-9' } }),
      ),
    );
    await expect(putJSON('/x', {})).rejects.toMatchObject({ status: 500, requestId: 'r-9' });
  });

  it('turns a request without an answer into an HttpError with no status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(postJSON('/x', {})).rejects.toMatchObject({ status: 0, message: 'Network error' });
  });

  it('keeps a non-JSON error body as its detail', async () => {
    mockFetch(502, 'Bad gateway');
    await expect(getJSON('/x')).rejects.toMatchObject({
      status: 502,
      body: { detail: 'Bad gateway' },
    });
  });
});

describe('errorPairs', () => {
  it.each([
    [{ errors: [['a', 'b'], ['c']] }, [['a', 'b']]],
    [{ errors: [['name', 'empty'], ['a', 1], 'x'] }, [['name', 'empty']]],
    [{ errors: 'nope' }, []],
    [{ detail: 'Forbidden' }, []],
    [null, []],
  ])('reads pairs from %j', (body, expected) => {
    expect(errorPairs(body)).toEqual(expected);
  });
});

describe('errorDetail', () => {
  it.each([
    [{ detail: 'Nope' }, 'Nope'],
    [{ status: 'error', error: 'Too big' }, 'Too big'],
    [
      {
        errors: [
          ['name', 'first'],
          ['name', 'last'],
        ],
      },
      'last',
    ],
    [null, undefined],
    ['text', undefined],
  ])('%o gives %s', (body, expected) => {
    expect(errorDetail(body)).toBe(expected);
  });
});

class FakeXhr {
  static last: FakeXhr;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  private listeners: Record<string, () => void> = {};
  upload = {
    listeners: {} as Record<string, (event: ProgressEvent) => void>,
    addEventListener(name: string, listener: (event: ProgressEvent) => void) {
      this.listeners[name] = listener;
    },
  };
  method = '';
  url = '';
  sent: unknown;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  getResponseHeader(name: string): string | null {
    return name === 'X-Request-ID' ? 'req-1' : null;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(name: string, listener: () => void) {
    this.listeners[name] = listener;
  }
  send(body: unknown) {
    this.sent = body;
  }
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.listeners.load?.();
  }
}

describe('postMultipart', () => {
  it('reports progress and resolves with parsed JSON', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    setCsrfToken('tok');
    const progress = vi.fn();
    const data = new FormData();
    const result = postMultipart('/admin/images.json', data, progress);
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.headers).toMatchObject({
      'X-CSRFToken': 'tok',
      'X-Requested-With': 'XMLHttpRequest',
    });
    expect(xhr.sent).toBe(data);
    xhr.upload.listeners.progress?.({
      lengthComputable: true,
      loaded: 5,
      total: 10,
    } as ProgressEvent);
    expect(progress).toHaveBeenCalledWith({ loaded: 5, total: 10 });
    xhr.respond(201, '{"id":7}');
    await expect(result).resolves.toEqual({ id: 7 });
  });

  it('rejects with an HttpError on a failed status', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const result = postMultipart('/admin/images.json', new FormData());
    FakeXhr.last.respond(413, '{"detail":"File too large"}');
    await expect(result).rejects.toMatchObject({
      status: 413,
      message: 'File too large',
      requestId: 'req-1',
    });
  });
});
