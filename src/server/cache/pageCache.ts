/**
 * Astro's route cache, kept in this process: the cache provider `astro.config.mjs` names. Pages say how long
 * they stay fresh and which tags they carry (`Astro.cache.set({ maxAge, swr, tags })`, see ./cachePage.ts);
 * `invalidate({ tags })` (the change events, ../../features/events) drops them at once. A hit is answered
 * before any middleware or page code runs, so it never touches the database; it is the same bytes for every
 * visitor (cookies play no part, and a response that sets one is not stored), served in the best encoding the
 * browser accepts, with ETag/304. A miss says how long it took to render (`Server-Timing: render;dur=`). Concurrent misses of one page render it once. Responses that are not cached
 * (the API, private pages) are compressed here too.
 *
 * The root page alone varies: `/` answers Japanese, or a redirect to `/en`, by the visitor's language cookie
 * and browser languages, so the key of `/` includes which of the two the visitor wants.
 *
 * @see https://docs.astro.build/en/reference/cache-provider-reference/
 */
import type { CacheProvider, InvalidateOptions } from 'astro';
import { detectLocale } from '~/features/i18n/detect';
import { LOCALE_COOKIE } from '~/features/i18n/locales';
import { acceptedEncoding } from '../serve/encoding';
import { setsCookies } from './astroCookies';
import { compressResponse } from './compressResponse';
import { type CacheDirectives, encodeBodies, etagOf, type PageEntry, PageStore } from './pageStore';

/** Query parameters that never change a page (marketing trackers): left out of the key. */
const IGNORED_PARAMS = /^(utm_.*|fbclid|gclid|gbraid|wbraid|dclid|msclkid|twclid|yclid|_ga|_gl|mc_cid|mc_eid|ref)$/i;

/** The provider's options (from `astro.config.mjs`). */
export interface PageCacheConfig {
  /** Bytes of bodies kept (all encodings), default 256 MiB. */
  maxBytes?: number;
}

const REGISTRY = Symbol.for('kirafuda.pageCache');
type Registry = { [REGISTRY]?: PageStore };

/** The store of this process, once Astro made the provider (undefined before the first request). */
export function pageStore(): PageStore | undefined {
  return (globalThis as Registry)[REGISTRY];
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** The key of a request: host, path and the meaningful query, sorted; `/` adds the wanted language. */
export function cacheKey(url: URL, request: Request): string {
  const params = new URLSearchParams([...url.searchParams].filter(([name]) => !IGNORED_PARAMS.test(name)));
  params.sort();
  const query = params.toString();
  const base = `${url.host}${url.pathname}${query ? `?${query}` : ''}`;
  if (url.pathname !== '/') return base;
  const wanted = detectLocale(
    cookieValue(request.headers.get('cookie'), LOCALE_COOKIE),
    request.headers.get('accept-language'),
  );
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

/** Builds an entry from a response Astro rendered and its body, read in full. */
async function toEntry(response: Response, identity: Buffer, directives: CacheDirectives): Promise<PageEntry> {
  const bodies = await encodeBodies(identity);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!['cdn-cache-control', 'cache-tag', 'content-length', 'content-encoding', 'etag', 'vary'].includes(name))
      headers.push([name, value]);
  });
  return {
    status: response.status,
    headers,
    bodies,
    etag: etagOf(identity),
    tags: directives.tags,
    storedAt: Date.now(),
    maxAge: directives.maxAge,
    swr: directives.swr,
    size: identity.length + bodies.br.length + bodies.gzip.length,
  };
}

/** The response of a stored entry, in the best encoding `request` accepts. */
function fromEntry(entry: PageEntry, request: Request, state: 'HIT' | 'MISS' | 'STALE', renderMs?: number): Response {
  const headers = new Headers(entry.headers);
  if (renderMs !== undefined) headers.set('Server-Timing', `render;dur=${renderMs.toFixed(1)}`);
  headers.set('ETag', entry.etag);
  headers.set('Vary', 'Accept-Encoding');
  headers.set('X-Astro-Cache', state);
  if (request.headers.get('if-none-match') === entry.etag) return new Response(null, { status: 304, headers });
  const encoding = acceptedEncoding(request.headers.get('accept-encoding'));
  const body = encoding ? entry.bodies[encoding] : entry.bodies.identity;
  if (encoding) headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(body.length));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: entry.status, headers });
}

const age = (entry: PageEntry) => (Date.now() - entry.storedAt) / 1000;

/** The provider (see the module comment). */
export default function pageCacheProvider(config: PageCacheConfig = {}): CacheProvider {
  const store = new PageStore(config.maxBytes ?? 256 * 1024 * 1024);
  (globalThis as Registry)[REGISTRY] = store;
  /** Renders running now, by key: concurrent misses wait for the first instead of rendering again. */
  const filling = new Map<string, Promise<PageEntry | undefined>>();

  async function fill(
    key: string,
    render: () => Promise<Response>,
  ): Promise<{ entry?: PageEntry; response?: Response; ms: number }> {
    const since = store.now();
    const started = performance.now();
    const response = await render();
    const directives = directivesOf(response);
    if (!directives) return { response, ms: performance.now() - started };
    const identity = Buffer.from(await response.arrayBuffer());
    const ms = performance.now() - started;
    const entry = await toEntry(response, identity, directives);
    store.set(key, entry, since);
    return { entry, ms };
  }

  return {
    name: 'kirafuda-page-cache',
    async onRequest({ request, url, logger }, next) {
      // A page being prerendered at build: nothing to keep, no visitor (Astro marks such a request by giving it
      // its own `headers` property, which warns when read).
      if (Object.hasOwn(request, 'headers')) return next();
      // Writes and the API (JSON, event streams) are never kept; concurrent API reads render on their own.
      if ((request.method !== 'GET' && request.method !== 'HEAD') || url.pathname.startsWith('/api/'))
        return compressResponse(request, await next());
      const key = cacheKey(url, request);
      const cached = store.get(key);
      if (cached && age(cached) <= cached.maxAge) return fromEntry(cached, request, 'HIT');
      if (cached && age(cached) <= cached.maxAge + cached.swr) {
        if (!filling.has(key)) {
          const refresh = fill(key, next)
            .then(({ entry }) => entry)
            .catch((error: unknown) => {
              logger.warn(`revalidating ${url.pathname} failed: ${String(error)}`);
              return undefined;
            })
            .finally(() => filling.delete(key));
          filling.set(key, refresh);
        }
        return fromEntry(cached, request, 'STALE');
      }
      const running = filling.get(key);
      if (running) {
        const entry = await running.catch(() => undefined);
        if (entry) return fromEntry(entry, request, 'HIT');
      }
      let settle: (entry: PageEntry | undefined) => void = () => {};
      filling.set(key, new Promise((resolve) => (settle = resolve)));
      try {
        const { entry, response, ms } = await fill(key, next);
        settle(entry);
        if (entry) return fromEntry(entry, request, 'MISS', ms);
        return compressResponse(request, response as Response);
      } catch (error) {
        settle(undefined);
        throw error;
      } finally {
        filling.delete(key);
      }
    },
    async invalidate(options: InvalidateOptions) {
      if (options.tags) store.invalidateTags(Array.isArray(options.tags) ? options.tags : [options.tags]);
      if (options.path) store.invalidatePath(options.path);
    },
  };
}
