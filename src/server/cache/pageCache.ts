/**
 * Astro's route cache, kept in this process: the cache provider `astro.config.mjs` names. Pages say how long
 * they stay fresh and which tags they carry (`Astro.cache.set({ maxAge, swr, tags })`, see ./cachePage.ts);
 * `invalidate({ tags })` (the change events, ../../features/events) drops them at once. A hit is the same bytes
 * for every visitor (cookies play no part, and a response that sets one is not stored), served in the best
 * encoding the browser accepts (each compressed the first time a visitor asks for it, Brotli once more at its best
 * quality when visitors come back: {@link bodyIn}), with ETag/304.
 * A fresh hit is answered by the server entry before Astro sees the request ({@link answerFromCache}), so it
 * costs a map lookup and a write; everything else goes through the provider.
 *
 * Misses never starve hits: at most `RENDER_CONCURRENCY` pages render at once (default 4, 1 each with several
 * processes: {@link defaultRenderConcurrency}; a render is mostly this thread's work, so more at once only
 * interleave them and keep hits waiting behind them; measured with `npm run bench -- crawl`), `RENDER_QUEUE` more
 * wait (default 128) for at most 10 s; past that a visitor gets the page's last copy however old (`STALE`), or 503
 * with `Retry-After`. Concurrent misses of one page render it once.
 * A miss says how long it took to render (`Server-Timing: render;dur=`). Responses that are not cached (the API,
 * private pages) are compressed here.
 *
 * The root page alone varies: `/` answers Japanese, or a redirect to `/en`, by the visitor's language cookie
 * and browser languages, so the key of `/` includes which of the two the visitor wants. Pages do not depend on
 * the host they were asked on (their links name the configured site), so the key has no host.
 *
 * @see https://docs.astro.build/en/reference/cache-provider-reference/
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CacheProvider, InvalidateOptions } from 'astro';
import { detectLocale } from '~/features/i18n/detect';
import { LOCALE_COOKIE } from '~/features/i18n/locales';
import { HttpError } from '../api/errors';
import { Slots } from '../concurrency';
import { acceptedEncoding, type Encoding } from '../serve/encoding';
import { serverProcesses } from '../serve/processes';
import type { Settings } from '../settings/schema';
import { serverSettings } from '../settings/settings.server';
import { setsCookies } from './astroCookies';
import { compressResponse } from './compressResponse';
import { lostTheDatabase, RenderLostDatabase, unavailablePage, watchRender } from './lostDatabase';
import { BROTLI_QUALITY, type CacheDirectives, encodeBody, etagOf, type PageEntry, PageStore } from './pageStore';

/** Query parameters that never change a page (marketing trackers): left out of the key. */
const IGNORED_PARAMS = /^(utm_.*|fbclid|gclid|gbraid|wbraid|dclid|msclkid|twclid|yclid|_ga|_gl|mc_cid|mc_eid|ref)$/i;

/** The provider's options (from `astro.config.mjs`). */
export interface PageCacheConfig {
  /** Bytes of bodies kept (all encodings), default 256 MiB. */
  maxBytes?: number;
  /** Misses rendered at once, waiting, and how long one may wait (default from the environment: 8, 128, 10 s). */
  renders?: { concurrency: number; queue: number; maxWaitMs: number };
}

const REGISTRY = Symbol.for('kirafuda.pageCache');
type Registry = { [REGISTRY]?: PageStore };

/** The store of this process, once Astro made the provider (undefined before the first request). */
export function pageStore(): PageStore | undefined {
  return (globalThis as Registry)[REGISTRY];
}

function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** Reads a request header (a fetch Request's, or a Node request's). */
type HeaderOf = (name: 'cookie' | 'accept-language') => string | null | undefined;

/** The key of a request: path and the meaningful query, sorted; `/` adds the wanted language. */
export function cacheKey(url: URL, header: HeaderOf | Request): string {
  const read: HeaderOf = typeof header === 'function' ? header : (name) => header.headers.get(name);
  let query = '';
  if (url.search.length > 1) {
    const params = new URLSearchParams([...url.searchParams].filter(([name]) => !IGNORED_PARAMS.test(name)));
    params.sort();
    query = params.toString();
  }
  const base = `${url.pathname}${query ? `?${query}` : ''}`;
  if (url.pathname !== '/') return base;
  const wanted = detectLocale(cookieValue(read('cookie'), LOCALE_COOKIE), read('accept-language') ?? null);
  return `${base}\0lang=${wanted}`;
}

/** The directives Astro wrote for the response, or undefined when it is not to be cached. */
function directivesOf(response: Response): CacheDirectives | undefined {
  const header = response.headers.get('CDN-Cache-Control');
  if (!header || response.status !== 200 || setsCookies(response)) return undefined;
  let maxAge = 0;
  let swr = 0;
  for (const part of header.split(',')) {
    const [name = '', value = ''] = part.trim().toLowerCase().split('=');
    if (name === 'max-age') maxAge = Number.parseInt(value, 10) || 0;
    if (name === 'stale-while-revalidate') swr = Number.parseInt(value, 10) || 0;
  }
  if (maxAge <= 0) return undefined;
  const tags = (response.headers.get('Cache-Tag') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return { maxAge, swr, tags };
}

/** Builds an entry from a response Astro rendered and its plain body, read in full. */
function toEntry(response: Response, identity: Buffer, directives: CacheDirectives): PageEntry {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!['cdn-cache-control', 'cache-tag', 'content-length', 'content-encoding', 'etag', 'vary'].includes(name))
      headers.push([name, value]);
  });
  return {
    status: response.status,
    headers,
    bodies: { identity },
    etag: etagOf(identity),
    tags: directives.tags,
    hits: 0,
    storedAt: Date.now(),
    maxAge: directives.maxAge,
    swr: directives.swr,
    size: identity.length,
  };
}

/**
 * The entry's body in `wanted`, compressed now (once, kept in the entry) if no visitor asked for it before. On
 * this thread, at once: zlib's asynchronous form costs more CPU than the compression itself for a page (a stream
 * and a hop to the thread pool for each chunk): a 40 KB token page took 1.09 ms of CPU that way against 0.77 ms
 * (best of 6 rounds of 300), and the compressed body is ready before the answer is written. Brotli at its quick
 * quality first: most pages a crawler asks are asked once; a page visitors come back to is compressed again at
 * the best quality ({@link countHit}).
 */
function bodyIn(store: PageStore, key: string, entry: PageEntry, wanted: Encoding | undefined): Buffer {
  if (!wanted) return entry.bodies.identity;
  const made = entry.bodies[wanted];
  if (made) return made;
  const body = encodeBody(entry.bodies.identity, wanted, BROTLI_QUALITY.quick);
  if (store.addBody(key, entry, wanted, body) && wanted === 'br') entry.brQuick = true;
  return body;
}

/** Hits after which a page's quick Brotli body is made again at the best quality. */
const REFINE_AFTER_HITS = 2;

/**
 * Counts a hit of the entry at `key`; at the {@link REFINE_AFTER_HITS}th, its quick Brotli body is compressed
 * again at the best quality, after this answer (the next answers are smaller; the ETag is the plain body's).
 */
function countHit(store: PageStore, key: string, entry: PageEntry): void {
  entry.hits += 1;
  if (entry.hits !== REFINE_AFTER_HITS || !entry.brQuick) return;
  setImmediate(() => {
    const best = encodeBody(entry.bodies.identity, 'br', BROTLI_QUALITY.best);
    if (!store.replaceBody(key, entry, 'br', best)) return;
    entry.brQuick = false;
    wired.get(entry)?.delete('br');
  });
}

type CacheState = 'HIT' | 'MISS' | 'STALE';

/** The headers of an entry's answer: its own, then ETag, Vary and the cache state (no body headers). */
function answerHeaders(entry: PageEntry, state: CacheState): [string, string][] {
  return [...entry.headers, ['etag', entry.etag], ['vary', 'Accept-Encoding'], ['x-astro-cache', state]];
}

/** The response of a stored entry, in the best encoding `request` accepts. */
async function fromEntry(
  store: PageStore,
  key: string,
  entry: PageEntry,
  request: Request,
  state: CacheState,
  renderMs?: number,
): Promise<Response> {
  if (state === 'HIT') countHit(store, key, entry);
  const headers = new Headers(answerHeaders(entry, state));
  if (renderMs !== undefined) headers.set('Server-Timing', `render;dur=${renderMs.toFixed(1)}`);
  if (request.headers.get('if-none-match') === entry.etag) return new Response(null, { status: 304, headers });
  const wanted = acceptedEncoding(request.headers.get('accept-encoding'));
  const body = bodyIn(store, key, entry, wanted);
  if (wanted) headers.set('Content-Encoding', wanted);
  headers.set('Content-Length', String(body.length));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: entry.status, headers });
}

const age = (entry: PageEntry) => (Date.now() - entry.storedAt) / 1000;

/** Flat header lists of fresh hits, by entry and encoding (built once, written as they are). */
const wired = new WeakMap<PageEntry, Map<string, string[]>>();

function wireHeaders(entry: PageEntry, wanted: Encoding | undefined, length: number | undefined): string[] {
  let byEncoding = wired.get(entry);
  if (!byEncoding) {
    byEncoding = new Map();
    wired.set(entry, byEncoding);
  }
  const name = length === undefined ? '304' : (wanted ?? 'identity');
  let flat = byEncoding.get(name);
  if (!flat) {
    flat = answerHeaders(entry, 'HIT').flat();
    if (length !== undefined) {
      if (wanted) flat.push('content-encoding', wanted);
      flat.push('content-length', String(length));
    }
    byEncoding.set(name, flat);
  }
  return flat;
}

/**
 * Answers a GET or HEAD from the cache when a fresh copy in the accepted encoding is there, before Astro sees
 * the request (the same bytes and headers the provider would answer); false leaves it to Astro.
 */
export function answerFromCache(req: IncomingMessage, res: ServerResponse): boolean {
  const store = pageStore();
  if (!store || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const target = req.url ?? '/';
  if (target.startsWith('/api/')) return false;
  let url: URL;
  try {
    url = new URL(target, 'http://site.invalid');
  } catch {
    return false;
  }
  const key = cacheKey(url, (name) => req.headers[name]);
  const entry = store.get(key);
  if (!entry || age(entry) > entry.maxAge) return false;
  if (req.headers['if-none-match'] === entry.etag) {
    res.writeHead(304, wireHeaders(entry, undefined, undefined));
    res.end();
    return true;
  }
  const wanted = acceptedEncoding(req.headers['accept-encoding']);
  const body = wanted ? entry.bodies[wanted] : entry.bodies.identity;
  if (!body) return false;
  res.writeHead(entry.status, wireHeaders(entry, wanted, body.length));
  res.end(req.method === 'HEAD' ? undefined : body);
  countHit(store, key, entry);
  return true;
}

/**
 * How many misses a process renders at once unless `RENDER_CONCURRENCY` says: 4 for one process; 1 each when
 * several serve one machine (`SERVER_PROCESSES`, PostgreSQL). A render's steps between its database round trips
 * run on the process's one thread, and a hit arriving waits behind every render step ready before it. On
 * PostgreSQL with two processes (`npm run bench -- crawl`, 100,120 cards): 4 each kept the cached home page's p99
 * beside a crawl at 71–86 ms (300–360 req/s), 2 each at 52–59 ms, 1 each at 33–34 ms (990–1,100 req/s), the
 * crawl alone as fast or faster (79–93, 78–85, 93–100 req/s).
 */
export function defaultRenderConcurrency(settings: Pick<Settings, 'SERVER_PROCESSES' | 'DATABASE_URL'>): number {
  return serverProcesses(settings) > 1 ? 1 : 4;
}

/**
 * Misses a process renders at once and how many more may wait (`RENDER_CONCURRENCY`, `RENDER_QUEUE`; see the module
 * comment).
 */
export function renderSettings(
  settings: Pick<Settings, 'RENDER_CONCURRENCY' | 'RENDER_QUEUE' | 'SERVER_PROCESSES' | 'DATABASE_URL'>,
): {
  concurrency: number;
  queue: number;
} {
  return {
    concurrency: settings.RENDER_CONCURRENCY ?? defaultRenderConcurrency(settings),
    queue: settings.RENDER_QUEUE,
  };
}

/** Renders of misses at once, and waiting (see the module comment): the server's settings unless given. */
function renderSlots(renders: PageCacheConfig['renders']): Slots {
  const { concurrency, queue, maxWaitMs } = renders ?? { ...renderSettings(serverSettings()), maxWaitMs: 10_000 };
  return new Slots(
    Math.max(1, concurrency),
    queue,
    'The server is busy rendering pages; try again in a moment',
    maxWaitMs,
  );
}

/** The answer to a miss the server had no room to render. */
function busy(error: HttpError): Response {
  return new Response(error.message, {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...error.headers },
  });
}

/** The provider (see the module comment). */
export default function pageCacheProvider(config: PageCacheConfig = {}): CacheProvider {
  const store = new PageStore(config.maxBytes ?? 256 * 1024 * 1024);
  (globalThis as Registry)[REGISTRY] = store;
  const slots = renderSlots(config.renders);
  /** Renders running now, by key: concurrent misses wait for the first instead of rendering again. */
  const filling = new Map<string, Promise<PageEntry | undefined>>();

  /** Renders a miss and keeps it when it may be kept; a render that lost the database throws (./lostDatabase.ts). */
  async function fill(
    key: string,
    render: () => Promise<Response>,
  ): Promise<{ entry?: PageEntry; response?: Response; ms: number }> {
    const since = store.now();
    const started = performance.now();
    const watch = watchRender();
    const response = await watch.run(render);
    const directives = directivesOf(response);
    if (watch.lost()) throw new RenderLostDatabase();
    if (!directives) return { response, ms: performance.now() - started };
    const identity = Buffer.from(await watch.run(() => response.arrayBuffer()));
    if (watch.lost()) throw new RenderLostDatabase();
    const ms = performance.now() - started;
    const entry = toEntry(response, identity, directives);
    store.set(key, entry, since);
    return { entry, ms };
  }

  return {
    name: 'kirafuda-page-cache',
    async onRequest(context, next) {
      const { request, url } = context;
      // A page being prerendered at build: nothing to keep, no visitor (Astro marks such a request by giving it
      // its own `headers` property, which warns when read).
      if (Object.hasOwn(request, 'headers')) return next();
      try {
        return await answer(context, next);
      } catch (error) {
        // The database did not answer on the way (the session's lookup, a page's load): 503, never kept.
        if (lostTheDatabase(error)) return unavailablePage(request, url, error);
        throw error;
      }
    },
    async invalidate(options: InvalidateOptions) {
      if (options.tags) store.invalidateTags(Array.isArray(options.tags) ? options.tags : [options.tags]);
      if (options.path) store.invalidatePath(options.path);
    },
  };

  /** The answer to a request (see the module comment); throws what the render threw. */
  async function answer(
    { request, url, logger }: Parameters<NonNullable<CacheProvider['onRequest']>>[0],
    next: () => Promise<Response>,
  ): Promise<Response> {
    // Writes and the API (JSON, event streams) are never kept; concurrent API reads render on their own.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || url.pathname.startsWith('/api/'))
      return compressResponse(request, await next());
    const key = cacheKey(url, request);
    const cached = store.get(key);
    if (cached && age(cached) <= cached.maxAge) return fromEntry(store, key, cached, request, 'HIT');
    if (cached && age(cached) <= cached.maxAge + cached.swr) {
      if (!filling.has(key)) {
        const refresh = slots
          .run(() => fill(key, next))
          .then(({ entry }) => entry)
          .catch((error: unknown) => {
            if (!(error instanceof HttpError)) logger.warn(`revalidating ${url.pathname} failed: ${String(error)}`);
            return undefined;
          })
          .finally(() => filling.delete(key));
        filling.set(key, refresh);
      }
      return fromEntry(store, key, cached, request, 'STALE');
    }
    const running = filling.get(key);
    if (running) {
      const entry = await running.catch(() => undefined);
      if (entry) return fromEntry(store, key, entry, request, 'HIT');
    }
    // No room to render: the last copy, however old, beats an error.
    if (cached && slots.full) return fromEntry(store, key, cached, request, 'STALE');
    let settle: (entry: PageEntry | undefined) => void = () => {};
    filling.set(key, new Promise((resolve) => (settle = resolve)));
    try {
      const { entry, response, ms } = await slots.run(() => fill(key, next));
      settle(entry);
      if (entry) return fromEntry(store, key, entry, request, 'MISS', ms);
      return compressResponse(request, response as Response);
    } catch (error) {
      settle(undefined);
      if (error instanceof HttpError && error.status === 503) return busy(error);
      // The database did not answer: the last copy, however old, beats an error here too.
      if (cached && lostTheDatabase(error)) return fromEntry(store, key, cached, request, 'STALE');
      throw error;
    } finally {
      filling.delete(key);
    }
  }
}
