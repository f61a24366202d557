/**
 * A render that loses the database answers 503 with `Retry-After` and is never kept: a page whose load failed
 * because the database did not answer (caught by `attempt`, in the page or in a component while its body is read),
 * an error thrown on the way (the session's lookup), the API's JSON shape for `/api/` paths; a page rendered fine
 * once the database is back is kept as usual, and a copy already kept is answered rather than an error.
 */
import type { MiddlewareNext } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { attempt } from '~/lib/attempt';
import pageCacheProvider from './pageCache';

const logger = { info() {}, warn() {}, error() {}, debug() {} } as never;

/** What PostgreSQL says to a connection it ends (a restart, `pg_terminate_backend`). */
const terminated = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

/** A page Astro would keep (an hour by default), whose body is `body` (read as the cache reads it). */
function page(body: BodyInit, maxAge = 3600, swr = 60) {
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
  headers.set('CDN-Cache-Control', `max-age=${maxAge}, stale-while-revalidate=${swr}`);
  headers.set('Cache-Tag', 'market');
  return new Response(body, { headers });
}

/** A provider whose renders run `render` (the page's loads and its response). */
function setup() {
  const provider = pageCacheProvider({ renders: { concurrency: 2, queue: 8, maxWaitMs: 1_000 } });
  let renders = 0;
  let render: () => Promise<Response> = async () => page('<p>ok</p>');
  const next: MiddlewareNext = async () => {
    renders += 1;
    return render();
  };
  const get = async (path: string) => {
    const url = new URL(path, 'http://kirafuda.test');
    const response = await provider.onRequest?.({ request: new Request(url), url, logger }, next);
    if (!response) throw new Error('no response');
    return { response, text: await response.text() };
  };
  return { get, renders: () => renders, render: (make: () => Promise<Response>) => (render = make) };
}

/** A load the page catches, failing as a lost database fails it. */
const lostLoad = () => attempt('cards', () => Promise.reject(terminated()));

describe('a render that loses the database', () => {
  it('answers 503 with Retry-After in the page’s language and keeps nothing; once the database is back it is kept', async () => {
    const cache = setup();
    cache.render(async () => {
      await lostLoad();
      return page('<p>the cards could not be loaded</p>');
    });
    for (const [path, words] of [
      ['/market', 'データベース'],
      ['/en/market', 'database'],
    ] as const) {
      const lost = await cache.get(path);
      expect(lost.response.status).toBe(503);
      expect(Number(lost.response.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(lost.response.headers.get('Cache-Control')).toBe('no-store');
      expect(lost.text).toContain(words);
    }
    cache.render(async () => page('<p>ok</p>'));
    expect((await cache.get('/market')).response.headers.get('X-Astro-Cache')).toBe('MISS');
    expect((await cache.get('/market')).response.headers.get('X-Astro-Cache')).toBe('HIT');
    expect(cache.renders()).toBe(3);
  });

  it('notices a load that fails while the body is read (a component), and keeps nothing', async () => {
    const cache = setup();
    cache.render(async () =>
      page(
        new ReadableStream({
          async pull(controller) {
            await lostLoad();
            controller.enqueue(new TextEncoder().encode('<p>the follower count could not be loaded</p>'));
            controller.close();
          },
        }),
      ),
    );
    expect((await cache.get('/tokens/1/0xabc/1')).response.status).toBe(503);
    expect((await cache.get('/tokens/1/0xabc/1')).response.status).toBe(503);
    expect(cache.renders()).toBe(2);
  });

  it('answers 503 for an error thrown on the way: text for a page, the API’s JSON for the API', async () => {
    const cache = setup();
    cache.render(async () => {
      throw terminated();
    });
    expect((await cache.get('/profile')).response.status).toBe(503);
    const api = await cache.get('/api/v1/current_user');
    expect(api.response.status).toBe(503);
    expect(Number(api.response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(JSON.parse(api.text)).toEqual({ message: expect.stringContaining('Try again') });
  });

  it('answers the last copy kept, however old, rather than 503', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = setup();
      cache.render(async () => page('<p>as it was</p>', 1, 0));
      await cache.get('/rankings');
      vi.setSystemTime(Date.now() + 60_000);
      cache.render(async () => {
        await lostLoad();
        return page('<p>the ranking could not be loaded</p>');
      });
      const stale = await cache.get('/rankings');
      expect(stale.response.status).toBe(200);
      expect(stale.response.headers.get('X-Astro-Cache')).toBe('STALE');
      expect(stale.text).toBe('<p>as it was</p>');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves other failures as they were: a load failing for another reason renders its error state', async () => {
    const cache = setup();
    cache.render(async () => {
      await attempt('cards', () => Promise.reject(new Error('the chain did not answer')));
      return page('<p>the cards could not be loaded</p>');
    });
    expect((await cache.get('/market')).response.status).toBe(200);
  });
});
