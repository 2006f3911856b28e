import { camelCase, camelKeys, snakeCase, snakeKeys } from '../casing';
import { ApiError, type FieldError } from './errors';
import { newPageViewId, PAGE_VIEW_HEADER } from './page-view';

export { ApiError } from './errors';

/**
 * How a widget or the shell reaches the server. `token` is used as a bearer
 * token (embedded widgets, socket); without one the browser's httpOnly cookie
 * carries the session and writes send the CSRF token.
 */
export interface ApiConfig {
  apiBase: string;
  token?: string | null;
  csrfToken?: string | null;
  /** Called on a 401 so the host can drop its session. */
  onUnauthorized?: () => void;
  /** Sent as `x-page-view` with every call: set by a patient page (see `withPageView`). */
  pageViewId?: string | null;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

/** A JSON:API resource after key conversion. */
export interface Resource<A = Record<string, unknown>> {
  id: string;
  type: string;
  attributes: A;
  relationships?: Record<string, unknown>;
}

export interface Document<D> {
  data: D;
  meta?: { total?: number; page?: number; pageSize?: number } & Record<string, unknown>;
  included?: Resource[];
}

/** Query keys go out snake_case (filter suffixes kept); arrays repeat the key. */
export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    const wireKey = key === 'pageSize' ? 'page-size' : key === 'allData' ? 'all-data' : snakeCase(key);
    if (Array.isArray(value)) for (const v of value) params.append(wireKey, String(v));
    else params.append(wireKey, value === null ? 'null' : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * A server answer as a call returns it: the body (snake_case keys made camelCase unless `raw`), or an
 * ApiError with the field errors. Also how an answer received later is read (a public form's
 * submission sent by the service worker, widgets/kit/offline-submissions.ts).
 */
export function answerOf<T>(status: number, text: string, raw = false): T {
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (status < 200 || status > 299) {
    const errors = (parsed as { errors?: FieldError[] } | undefined)?.errors;
    throw new ApiError(status, Array.isArray(errors) ? errors.map((e) => ({ message: e.message, field: e.field ? camelCase(e.field) : undefined })) : [{ message: `HTTP ${status}` }]);
  }
  return (raw ? parsed : camelKeys(parsed)) as T;
}

/** Who watches the GETs this page makes: the public forms' offline support, once loaded (shell/offline/register.ts). */
export const gets: { observe?: (url: string, headers: Record<string, string>) => void } = {};

export class ApiClient {
  constructor(readonly config: ApiConfig) {}

  async request<T>(method: string, path: string, options: { query?: Query; body?: unknown; raw?: boolean; signal?: AbortSignal; headers?: Record<string, string> } = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    // A form body (a few calls of the spec are form-encoded; uploads are multipart) goes as it is; fetch sets its content type.
    const form = options.body instanceof URLSearchParams || options.body instanceof FormData ? options.body : null;
    if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
    if (this.config.pageViewId) headers[PAGE_VIEW_HEADER] = this.config.pageViewId;
    if (this.config.token) headers.authorization = `Bearer ${this.config.token}`;
    else if (this.config.csrfToken && method !== 'GET') headers['x-csrf-token'] = this.config.csrfToken;
    const url = joinUrl(this.config.apiBase, path) + buildQuery(options.query);
    if (method === 'GET') gets.observe?.(url, headers);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        credentials: this.config.token ? 'omit' : 'include',
        body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.raw ? options.body : snakeKeys(options.body))),
        signal: options.signal,
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError(0, [{ message: 'The server could not be reached.' }]);
    }
    if (response.status === 401) this.config.onUnauthorized?.();
    return answerOf<T>(response.status, await response.text(), options.raw);
  }

  /** A client for one patient page load: its calls count as one view of the record (a fresh id unless given). */
  withPageView(pageViewId = newPageViewId()): ApiClient {
    return new ApiClient({ ...this.config, pageViewId });
  }

  get<T>(path: string, query?: Query, signal?: AbortSignal) {
    return this.request<T>('GET', path, { query, signal });
  }
  post<T>(path: string, body?: unknown, query?: Query, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { body: body ?? {}, query, headers });
  }
  put<T>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, { body: body ?? {} });
  }
  delete<T>(path: string) {
    return this.request<T>('DELETE', path);
  }
}
