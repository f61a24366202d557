import { createServer, type Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { brotliDecompressSync } from 'node:zlib';
import type { MiddlewareNext } from 'astro';
import { describe, expect, it } from 'vitest';
import { applyTags } from '~/features/events/publish.server';
import { loadSettings } from '../settings/settings.server';
import pageCacheProvider, {
  answerFromCache,
  cacheKey,
  defaultRenderConcurrency,
  pageStore,
  renderSettings,
} from './pageCache';

const logger = { info() {}, warn() {}, error() {}, debug() {} } as never;

/** What Astro's `cache.set({ maxAge, swr, tags })` writes on a page's response. */
function page(body: string, options: { maxAge?: number; swr?: number; tags?: string[]; cookie?: boolean } = {}) {
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
  headers.set('CDN-Cache-Control', `max-age=${options.maxAge ?? 3600}, stale-while-revalidate=${options.swr ?? 60}`);
  if (options.tags) headers.set('Cache-Tag', options.tags.join(', '));
  if (options.cookie) headers.append('Set-Cookie', 'kf=1; Path=/');
  return new Response(body, { headers });
}

/** A provider and a counting renderer whose next answer the test sets. */
function setup(config: Parameters<typeof pageCacheProvider>[0] = {}, renderMs = 5) {
  const provider = pageCacheProvider(config);
  let renders = 0;
  let answer: () => Response = () => page('<p>first</p>', { tags: ['card:1'] });
  const next: MiddlewareNext = async () => {
    renders += 1;
    await new Promise((resolve) => setTimeout(resolve, renderMs));
    return answer();
  };
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const url = new URL(path, 'http://kirafuda.test');
    const request = new Request(url, { headers });
    const response = await provider.onRequest?.({ request, url, logger }, next);
    if (!response) throw new Error('no response');
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  };
  return {
    provider,
    get,
    renders: () => renders,
    answer: (make: () => Response) => {
      answer = make;
    },
  };
}

describe('the page cache provider', () => {
  it('renders a page once, then answers the same bytes to everyone, whatever their cookies', async () => {
    const cache = setup();
    const miss = await cache.get('/tokens/1', { cookie: 'demo_auth=alice' });
    expect(miss.response.headers.get('X-Astro-Cache')).toBe('MISS');
    expect(miss.response.headers.get('Server-Timing')).toMatch(/^render;dur=\d+(\.\d)?$/);
    const hit = await cache.get('/tokens/1', { cookie: 'demo_auth=bob' });
    expect(hit.response.headers.get('X-Astro-Cache')).toBe('HIT');
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(cache.renders()).toBe(1);
    // Astro's directives stay between Astro and the cache.
    expect(hit.response.headers.get('CDN-Cache-Control')).toBeNull();
    expect(hit.response.headers.get('Cache-Tag')).toBeNull();
  });

  it('answers Brotli or gzip when accepted, with Vary and an ETag that a revalidation matches (304)', async () => {
    const cache = setup();
    cache.answer(() => page(`<p>${'カード'.repeat(400)}</p>`));
    await cache.get('/market');
    const br = await cache.get('/market', { 'accept-encoding': 'gzip, br' });
    expect(br.response.headers.get('Content-Encoding')).toBe('br');
    expect(br.response.headers.get('Vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(`<p>${'カード'.repeat(400)}</p>`);
    const gzip = await cache.get('/market', { 'accept-encoding': 'gzip' });
    expect(gzip.response.headers.get('Content-Encoding')).toBe('gzip');
    const etag = br.response.headers.get('ETag') ?? '';
    const again = await cache.get('/market', { 'if-none-match': etag });
    expect(again.response.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("compresses a page quickly for its first visitors, then at Brotli's best once they come back", async () => {
    const cache = setup();
    const html = `<ul>${Array.from({ length: 600 }, (_, i) => `<li class="row-${i % 7}">カード ${i} ${(i * 7919) % 1000}</li>`).join('')}</ul>`;
    cache.answer(() => page(html));
    const br = { 'accept-encoding': 'br' };
    await cache.get('/market', br);
    const first = await cache.get('/market', br);
    await cache.get('/market', br);
    await new Promise((resolve) => setImmediate(resolve));
    const later = await cache.get('/market', br);
    expect(later.body.length).toBeLessThan(first.body.length);
    expect(brotliDecompressSync(later.body).toString()).toBe(html);
    expect(later.response.headers.get('Content-Length')).toBe(String(later.body.length));
    expect(later.response.headers.get('ETag')).toBe(first.response.headers.get('ETag'));
    // The server entry's own answer to a hit says the new length too.
    const server: Server = createServer((req, res) => {
      if (!answerFromCache(req, res)) res.writeHead(599).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const fast = await fetch(`http://127.0.0.1:${port}/market`, { headers: br });
      expect(fast.headers.get('content-length')).toBe(String(later.body.length));
      expect(await fast.text()).toBe(html);
    } finally {
      server.close();
    }
  });

  it('renders a page once for many visitors arriving together', async () => {
    const cache = setup();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('/rankings')));
    expect(cache.renders()).toBe(1);
    expect(new Set(answers.map(({ body }) => body.toString()))).toEqual(new Set(['<p>first</p>']));
  });

  it('drops a page when one of its tags changes, here or from another process (applyTags)', async () => {
    const cache = setup();
    await cache.get('/tokens/1');
    cache.answer(() => page('<p>second</p>', { tags: ['card:1'] }));
    await cache.provider.invalidate({ tags: ['card:2'] });
    expect((await cache.get('/tokens/1')).body.toString()).toBe('<p>first</p>');
    await cache.provider.invalidate({ tags: ['card:1'] });
    expect((await cache.get('/tokens/1')).body.toString()).toBe('<p>second</p>');
    cache.answer(() => page('<p>third</p>', { tags: ['card:1'] }));
    applyTags(['card:1']);
    expect((await cache.get('/tokens/1')).body.toString()).toBe('<p>third</p>');
    expect(pageStore()?.size).toBe(1);
  });

  it('serves a page past its age while it renders again, then the new one', async () => {
    const cache = setup();
    cache.answer(() => page('<p>old</p>', { maxAge: 1, swr: 60 }));
    await cache.get('/');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    cache.answer(() => page('<p>new</p>', { maxAge: 60 }));
    const stale = await cache.get('/');
    expect(stale.response.headers.get('X-Astro-Cache')).toBe('STALE');
    expect(stale.body.toString()).toBe('<p>old</p>');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await cache.get('/')).body.toString()).toBe('<p>new</p>');
  });

  it('keeps nothing that is personal or not meant to be kept', async () => {
    const cache = setup();
    cache.answer(() => page('<p>yours</p>', { cookie: true }));
    await cache.get('/profile');
    await cache.get('/profile');
    cache.answer(() => new Response('<p>plain</p>', { headers: { 'Content-Type': 'text/html' } }));
    await cache.get('/dashboard');
    await cache.get('/dashboard');
    cache.answer(() => new Response('{"ok":true}', { headers: { 'Content-Type': 'application/json' } }));
    await cache.get('/api/v1/health');
    await cache.get('/api/v1/health');
    expect(cache.renders()).toBe(6);
  });
});

describe('misses never starve hits', () => {
  it('compresses a page once, in the encoding asked for, and another encoding only when asked', async () => {
    const cache = setup();
    cache.answer(() => page(`<p>${'カード'.repeat(400)}</p>`));
    const miss = await cache.get('/market', { 'accept-encoding': 'gzip' });
    expect(miss.response.headers.get('Content-Encoding')).toBe('gzip');
    const kept = pageStore()?.get('/market');
    expect(kept?.bodies.gzip).toBeDefined();
    expect(kept?.bodies.br).toBeUndefined();
    const br = await cache.get('/market', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(br.body).toString()).toBe(`<p>${'カード'.repeat(400)}</p>`);
    expect(pageStore()?.get('/market')?.bodies.br?.equals(br.body)).toBe(true);
  });

  it('past the renders at once and the queue, a miss is 503 with Retry-After; a page held before is served stale', async () => {
    const cache = setup({ renders: { concurrency: 1, queue: 1, maxWaitMs: 10_000 } }, 100);
    await cache.get('/old');
    (pageStore()?.get('/old') as { storedAt: number }).storedAt -= 7_200_000;
    const answers = await Promise.all(['/a', '/b', '/c', '/old'].map((path) => cache.get(path)));
    expect(answers.map(({ response }) => response.status)).toEqual([200, 200, 503, 200]);
    expect(answers[2]?.response.headers.get('Retry-After')).toBe('5');
    expect(answers[3]?.response.headers.get('X-Astro-Cache')).toBe('STALE');
  });

  it('a miss that waited too long for its turn is 503, not a timeout', async () => {
    const cache = setup({ renders: { concurrency: 1, queue: 10, maxWaitMs: 30 } }, 200);
    const answers = await Promise.all(['/x', '/y'].map((path) => cache.get(path)));
    expect(answers.map(({ response }) => response.status)).toEqual([200, 503]);
  });
});

describe('answerFromCache (the server entry, before Astro)', () => {
  it('answers a fresh hit with the bytes and headers the provider answers, and leaves the rest to Astro', async () => {
    const cache = setup();
    cache.answer(() => page(`<p>${'カード'.repeat(400)}</p>`, { tags: ['card:1'] }));
    await cache.get('/tokens/1', { 'accept-encoding': 'br' });
    const provided = await cache.get('/tokens/1', { 'accept-encoding': 'br' });
    let fellThrough = 0;
    const server: Server = createServer((req, res) => {
      if (answerFromCache(req, res)) return;
      fellThrough += 1;
      res.writeHead(599).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const base = `http://127.0.0.1:${port}`;
      const fast = await fetch(`${base}/tokens/1?utm_source=x`, { headers: { 'accept-encoding': 'br' } });
      const body = Buffer.from(await fast.arrayBuffer());
      expect(fast.status).toBe(200);
      // fetch decodes the Brotli body it was sent.
      expect(body.toString()).toBe(brotliDecompressSync(provided.body).toString());
      for (const name of ['content-type', 'etag', 'vary', 'x-astro-cache', 'content-encoding'])
        expect(fast.headers.get(name), name).toBe(provided.response.headers.get(name));
      const etag = fast.headers.get('etag') ?? '';
      expect((await fetch(`${base}/tokens/1`, { headers: { 'if-none-match': etag } })).status).toBe(304);
      // Not cached, not in this encoding yet, or not a read: Astro's.
      expect((await fetch(`${base}/tokens/2`)).status).toBe(599);
      expect((await fetch(`${base}/tokens/1`, { headers: { 'accept-encoding': 'gzip' } })).status).toBe(599);
      expect((await fetch(`${base}/tokens/1`, { method: 'POST' })).status).toBe(599);
      expect(fellThrough).toBe(3);
      await cache.provider.invalidate({ tags: ['card:1'] });
      expect((await fetch(`${base}/tokens/1`, { headers: { 'accept-encoding': 'br' } })).status).toBe(599);
    } finally {
      server.close();
    }
  });
});

describe('cacheKey', () => {
  const key = (path: string, headers: Record<string, string> = {}) => {
    const url = new URL(path, 'http://kirafuda.test');
    return cacheKey(url, new Request(url, { headers }));
  };

  it('ignores marketing parameters and the order of the others', () => {
    expect(key('/market?sort=price_asc&chain_id=1&utm_source=x&fbclid=y')).toBe(
      key('/market?chain_id=1&sort=price_asc'),
    );
    expect(key('/market?page=2')).not.toBe(key('/market'));
  });

  it('tells apart the two answers of the root page (Japanese, or a redirect for English visitors)', () => {
    expect(key('/', { 'accept-language': 'en-US,en' })).not.toBe(key('/', { 'accept-language': 'ja' }));
    expect(key('/', { cookie: 'i18n_redirected=ja', 'accept-language': 'en' })).toBe(
      key('/', { 'accept-language': 'ja' }),
    );
    expect(key('/market', { 'accept-language': 'en' })).toBe(key('/market', { 'accept-language': 'ja' }));
  });
});

describe('renders at once', () => {
  it('renders 4 misses at once in one process, 1 in each of several on PostgreSQL', () => {
    const concurrency = (env: Record<string, string>) => defaultRenderConcurrency(loadSettings(env));
    expect(concurrency({})).toBe(4);
    expect(concurrency({ SERVER_PROCESSES: '1', DATABASE_URL: 'postgres://db/x' })).toBe(4);
    expect(concurrency({ SERVER_PROCESSES: '2', DATABASE_URL: 'postgres://db/x' })).toBe(1);
    // Several asked without PostgreSQL: one process runs, rendering 4.
    expect(concurrency({ SERVER_PROCESSES: '2' })).toBe(4);
    expect(concurrency({ SERVER_PROCESSES: 'auto', DATABASE_URL: 'postgres://db/x' })).toBe(
      availableParallelism() > 1 ? 1 : 4,
    );
  });

  it('reads RENDER_CONCURRENCY and RENDER_QUEUE, and refuses a typo naming the setting', () => {
    const renders = (env: Record<string, string>) => renderSettings(loadSettings(env));
    expect(renders({})).toEqual({ concurrency: 4, queue: 128 });
    expect(renders({ RENDER_CONCURRENCY: ' 2 ', RENDER_QUEUE: '0' })).toEqual({ concurrency: 2, queue: 0 });
    expect(() => renders({ RENDER_CONCURRENCY: '0' })).toThrow(/RENDER_CONCURRENCY must be a whole number from 1/);
    expect(() => renders({ RENDER_CONCURRENCY: 'four' })).toThrow(/RENDER_CONCURRENCY/);
    expect(() => renders({ RENDER_QUEUE: '-5' })).toThrow(/RENDER_QUEUE must be a whole number from 0/);
  });
});
