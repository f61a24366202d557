/**
 * API tests over real HTTP: a built server on its own database (a temp PGlite folder, or a fresh
 * database on the PostgreSQL server named by DATABASE_URL), and a client with a cookie jar that sends
 * the site's custom headers like the browser does.
 *
 * @example
 *   const app = await startApp({ seed: async (db) => { await db.insert(users).values(...) } });
 *   const res = await app.client().get('/api/v1/current_user');
 *   await app.stop();
 */
import { request as httpRequest } from 'node:http';
import type { Database } from '../../src/server/db/types.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { type RunningServer, SHORT_LIVED_NODE_ARGS, startServer } from './server.ts';

/** The key the site sends in X-Api-Key (the documented local default). */
export const API_KEY = process.env.PUBLIC_API_KEY ?? 'kirafuda-local-public-key';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body text (sent as is, with the given or a JSON content type). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Send the site's X-Requested-With and X-Api-Key headers (default true). */
  siteHeaders?: boolean;
  /** The Origin header to send (default: the server's own origin for writes). */
  origin?: string | null;
}

/** What one HTTP exchange returned. */
interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** Sends a request from a chosen local address (e.g. `127.0.0.2`), which fetch cannot do. */
function requestFrom(
  localAddress: string,
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: init.method, headers: init.headers, localAddress }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
            headers.append(name, one);
        }
        resolve({ status: response.statusCode ?? 0, headers, text });
      });
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

/** A client with its own cookie jar, like one browser. */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  readonly baseUrl: string;
  /** The local address requests leave from (any of 127.0.0.0/8 reaches a loopback server); default the system's. */
  readonly localAddress: string | undefined;

  constructor(baseUrl: string, localAddress?: string) {
    this.baseUrl = baseUrl;
    this.localAddress = localAddress;
  }

  /** The cookie header the jar would send. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.siteHeaders !== false) {
      headers['x-requested-with'] = 'XMLHttpRequest';
      headers['x-api-key'] = API_KEY;
    }
    const origin = options.origin === undefined ? (method === 'GET' ? null : this.baseUrl) : options.origin;
    if (origin) headers.origin = origin;
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] = 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const init = { method, headers: { ...headers, ...options.headers }, ...(body === undefined ? {} : { body }) };
    const url = new URL(path, this.baseUrl);
    const response: RawResponse = this.localAddress
      ? await requestFrom(this.localAddress, url, init)
      : await fetch(url, { ...init, redirect: 'manual' }).then(async (r) => ({
          status: r.status,
          headers: r.headers,
          text: await r.text(),
        }));
    this.store(response.headers.getSetCookie());
    const text = response.text;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text so the test can show it
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get<T = Record<string, unknown>>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = Record<string, unknown>>(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  del<T = Record<string, unknown>>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  private store(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '' || value === 'deleted') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export interface App {
  url: string;
  server: RunningServer;
  database: TestDatabase;
  /** A new client (a new cookie jar), sending from `localAddress` when given (e.g. `127.0.0.2`). */
  client(localAddress?: string): ApiClient;
  stop(): Promise<void>;
}

export interface StartAppOptions {
  /** Fills the database before the server opens it. */
  seed?: (db: Database) => Promise<void>;
  env?: Record<string, string>;
  /** The PostgreSQL server to make the database on (default `DATABASE_URL`'s, or PGlite without it). */
  databaseUrl?: string;
}

/** Starts the built server on a fresh database (seeded first when asked). */
export async function startApp(options: StartAppOptions = {}): Promise<App> {
  const database = await createTestDatabase({ url: options.databaseUrl });
  if (options.seed) await options.seed(database.db);
  await database.disconnect();
  const server = await startServer({ env: { ...database.env, ...options.env }, nodeArgs: SHORT_LIVED_NODE_ARGS });
  return {
    url: server.url,
    server,
    database,
    client: (localAddress?: string) => new ApiClient(server.url, localAddress),
    stop: async () => {
      // The database goes with it: no graceful shutdown to wait for.
      await server.stop({ discard: true });
      await database.close();
    },
  };
}
