import { trackRequest } from './requestState';

/** The refresh endpoint; a 401 from it never triggers another refresh. @see spec §7 */
export const REFRESH_PATH = '/api/v1/refresh';
/** The logout endpoint, called when a refresh fails. @see spec §7 */
export const SESSION_PATH = '/api/v1/session';
/** The body message that marks an expired access token. @see spec §7 "Token expiry" */
export const TOKEN_EXPIRED = 'TOKEN_EXPIRED';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query values; `null` and `undefined` entries are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Per-request options. */
export interface RequestOptions {
  /** Sent as JSON (or as is for FormData). */
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal | undefined;
}

/**
 * A non-2xx answer from the API: its status, the server's `message` (or a generic one) and the
 * parsed body (what §8 shows for a failed password change).
 * @see spec §8 "Error status"
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** How to build a client. */
export interface ApiClientOptions {
  /** The API host; '' for the same origin. */
  baseUrl?: string;
  /** The shared secret sent as `X-Api-Key`; the header is left out when not configured. */
  apiKey?: string | undefined;
  fetchImpl?: typeof fetch;
  /** Called after a failed refresh and the session delete; reloads the page by default. */
  onSessionLost?: () => void;
}

/** The API client `createApiClient` returns. */
export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  del<T>(path: string, options?: RequestOptions): Promise<T>;
}

function buildUrl(baseUrl: string, path: string, query: QueryParams | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return baseUrl + path;
  return `${baseUrl}${path}${path.includes('?') ? '&' : '?'}${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function messageOf(body: unknown, response: Response): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return response.statusText || `Request failed with status ${response.status}`;
}

/**
 * Creates the browser's API client. Every request carries the session cookies and the fixed
 * headers, is counted by the loading flag, and rejects with `ApiError` on a non-2xx answer.
 * A 401 `TOKEN_EXPIRED` triggers one `POST /api/v1/refresh` (shared by concurrent requests) and
 * one retry; if the refresh fails, `DELETE /api/v1/session` is sent and `onSessionLost` runs.
 * @see spec §7 "The calls it makes", "Token expiry"; §9 "Token retry: one retry"
 */
export function createApiClient({
  baseUrl = '',
  apiKey,
  fetchImpl = (...args) => fetch(...args),
  onSessionLost = () => location.reload(),
}: ApiClientOptions = {}): ApiClient {
  let refreshing: Promise<boolean> | null = null;

  async function send<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    };
    if (apiKey) headers['X-Api-Key'] = apiKey;
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (options.signal) init.signal = options.signal;
    if (options.body !== undefined) {
      if (typeof FormData !== 'undefined' && options.body instanceof FormData) {
        init.body = options.body;
      } else {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(options.body);
      }
    }
    const response = await trackRequest(() => fetchImpl(buildUrl(baseUrl, path, options.query), init));
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, messageOf(body, response), body);
    return body as T;
  }

  async function loseSession(): Promise<void> {
    try {
      await send('DELETE', SESSION_PATH, {});
    } catch {
      // The session is gone either way; the reload below shows the logged-out page.
    }
    onSessionLost();
  }

  function refreshOnce(): Promise<boolean> {
    refreshing ??= send('POST', REFRESH_PATH, {})
      .then(
        () => true,
        async () => {
          await loseSession();
          return false;
        },
      )
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    try {
      return await send<T>(method, path, options);
    } catch (error) {
      const expired = error instanceof ApiError && error.status === 401 && error.message === TOKEN_EXPIRED;
      if (!expired || path.split('?')[0] === REFRESH_PATH) throw error;
      if (!(await refreshOnce())) throw error;
      return send<T>(method, path, options);
    }
  }

  return {
    request,
    get: (path, options = {}) => request('GET', path, options),
    post: (path, body, options = {}) => request('POST', path, { ...options, body }),
    put: (path, body, options = {}) => request('PUT', path, { ...options, body }),
    del: (path, options = {}) => request('DELETE', path, options),
  };
}

/** One suggestion in the header search. @see spec §3 "Search response" */
export interface SearchItem {
  name: string;
  image: string;
  redirectUrl: string;
  address: string;
}

/** The incremental search answer (the spec's two arrays and the matching cards). @see spec §3 "Search response" */
export interface SearchResult {
  categories: SearchItem[];
  illustrators: SearchItem[];
  cards: SearchItem[];
}

/**
 * Asks the API for search suggestions for `keyword`; missing arrays come back empty.
 * @see spec §7 "GET /api/v1/searches/incremental_search"
 */
export async function searchIncremental(
  client: ApiClient,
  keyword: string,
  signal?: AbortSignal,
  locale: 'ja' | 'en' = 'ja',
): Promise<SearchResult> {
  const result = await client.get<Partial<SearchResult> | undefined>('/api/v1/searches/incremental_search', {
    query: { keyword, locale },
    signal,
  });
  return { categories: result?.categories ?? [], illustrators: result?.illustrators ?? [], cards: result?.cards ?? [] };
}
