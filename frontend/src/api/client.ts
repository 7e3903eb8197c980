// Requests typed from the OpenAPI document: an address is one of the generated `paths`, its
// parameters are the operation's, and the answer is the operation's success body, so a renamed
// route or field fails the type check instead of a cast hiding it. The calls go through
// lib/http (CSRF, HttpError, keepalive), as every request of the admin does.
import { deleteJSON, getJSON, postJSON, postMultipart, putJSON } from '../lib/http';
import type { UploadProgress } from '../lib/http';
import type { paths } from './generated/schema';

type Method = 'get' | 'post' | 'put' | 'delete';
type Path = keyof paths;
/** The addresses that answer `M`. */
export type PathOf<M extends Method> = {
  [P in Path]: paths[P][M] extends { responses: unknown } ? P : never;
}[Path];
type Operation<P extends Path, M extends Method> = Extract<paths[P][M], { responses: unknown }>;

type SuccessStatus = 200 | 201 | 204;
type BodyOf<R> = R extends { content: { 'application/json': infer B } } ? B : null;
/** The body of the operation's success answer (null for a 204). */
export type Answer<P extends Path, M extends Method> = {
  [S in keyof Operation<P, M>['responses'] & SuccessStatus]: BodyOf<
    Operation<P, M>['responses'][S]
  >;
}[keyof Operation<P, M>['responses'] & SuccessStatus];

type Parameters<P extends Path, M extends Method> = Operation<P, M>['parameters'];
// A path parameter's value: the screen knows its locale as a string, the schema lists them.
type PathParams<P extends Path, M extends Method> =
  Parameters<P, M> extends { path: infer T }
    ? { path: { [K in keyof T]: string | number } }
    : { path?: never };
type QueryParams<P extends Path, M extends Method> =
  Parameters<P, M> extends { query?: infer Q }
    ? [Q] extends [undefined]
      ? { query?: never }
      : { query?: Exclude<Q, undefined> }
    : { query?: never };
/** What a call names besides its address: the path and query parameters of the operation. */
export type Params<P extends Path, M extends Method> = PathParams<P, M> & QueryParams<P, M>;
export type RequestBody<P extends Path, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : never;

type QueryValue = string | number | boolean | null | undefined;

// A list's commas stay as they are (`parent_ids=12,root`): the server splits on them.
const queryValue = (value: string) => encodeURIComponent(value).replace(/%2C/g, ',');

/**
 * The address of `path` with its parameters filled in (each encoded) and the query appended in
 * the order given, without the absent ones (null and undefined).
 */
export function address(path: string, params: { path?: unknown; query?: unknown } = {}): string {
  const values = (params.path ?? {}) as Record<string, string | number | undefined>;
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The address ${path} needs its ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = (Object.entries((params.query ?? {}) as object) as [string, QueryValue][])
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${name}=${queryValue(String(value))}`)
    .join('&');
  return query ? `${filled}?${query}` : filled;
}

type ParamsArgument<P extends Path, M extends Method> =
  object extends Params<P, M> ? [params?: Params<P, M>] : [params: Params<P, M>];

/** The typed calls of the admin API (one per HTTP method), over lib/http. */
export const api = {
  get<P extends PathOf<'get'>>(
    path: P,
    params: Params<P, 'get'>,
    options?: { signal?: AbortSignal },
  ): Promise<Answer<P, 'get'>> {
    const url = address(path, params);
    return options ? getJSON<Answer<P, 'get'>>(url, options) : getJSON<Answer<P, 'get'>>(url);
  },
  post<P extends PathOf<'post'>>(
    path: P,
    body: RequestBody<P, 'post'>,
    ...params: ParamsArgument<P, 'post'>
  ): Promise<Answer<P, 'post'>> {
    return postJSON<Answer<P, 'post'>>(address(path, params[0]), body);
  },
  put<P extends PathOf<'put'>>(
    path: P,
    body: RequestBody<P, 'put'>,
    ...params: ParamsArgument<P, 'put'>
  ): Promise<Answer<P, 'put'>> {
    return putJSON<Answer<P, 'put'>>(address(path, params[0]), body);
  },
  delete<P extends PathOf<'delete'>>(
    path: P,
    params: Params<P, 'delete'>,
    options?: { keepalive?: boolean },
  ): Promise<Answer<P, 'delete'>> {
    const url = address(path, params);
    return options
      ? deleteJSON<Answer<P, 'delete'>>(url, options)
      : deleteJSON<Answer<P, 'delete'>>(url);
  },
  /** A multipart POST (a file upload), with its progress. */
  upload<P extends PathOf<'post'>>(
    path: P,
    data: FormData,
    params: Params<P, 'post'>,
    onProgress?: (progress: UploadProgress) => void,
  ): Promise<Answer<P, 'post'>> {
    return postMultipart<Answer<P, 'post'>>(address(path, params), data, onProgress);
  },
};
