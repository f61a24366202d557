/**
 * Live streams are shared fairly: open pages keep a Server-Sent Events stream each (`GET /api/v1/changes`, the
 * bell's `GET /api/v1/notifications/stream`), and nobody may take so many that everyone else's live pages are
 * refused. Streams are opened over HTTP against the built server from loopback addresses (127.0.0.2 …
 * 127.0.0.60, each a different client to the server, one IPv4 /24 together) and from one signed-in account on
 * several addresses. The server holds `LIVE_STREAMS_MAX=400` streams, so one /24 gets 40 of them.
 */
import { type ClientRequest, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../helpers/api.ts';
import { startApp } from '../helpers/api.ts';
import { eventually } from '../helpers/eventually.ts';
import { walletClient } from './admin-clients.ts';

/** A stream asked for: its status, and for a refusal its `Retry-After`. */
interface Asked {
  status: number;
  retryAfter: string | undefined;
  close: () => void;
}

let app: App;
const open: ClientRequest[] = [];

beforeAll(async () => {
  app = await startApp({ env: { LIVE_STREAMS_MAX: '400' } });
}, 60_000);

afterAll(async () => {
  for (const stream of open) stream.destroy();
  await app?.stop();
});

/** Asks for a stream from `from`; resolves once it is ready (kept open until `close`) or refused. */
function askStream(path: string, from: string, cookie = ''): Promise<Asked> {
  return new Promise((resolve, reject) => {
    const asking = request(
      new URL(path, app.url),
      { localAddress: from, agent: false, headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } },
      (response) => {
        const status = response.statusCode ?? 0;
        const retryAfter = response.headers['retry-after'];
        if (status !== 200) {
          response.resume();
          resolve({ status, retryAfter, close: () => {} });
          return;
        }
        open.push(asking);
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('event: ready')) resolve({ status, retryAfter, close: () => asking.destroy() });
        });
        response.on('error', () => {});
      },
    );
    asking.on('error', reject);
    asking.end();
  });
}

/** Opens streams from `from` until one is refused (or `most` opened). */
async function fill(path: string, from: string, most: number, cookie = '') {
  const opened: Asked[] = [];
  for (let index = 0; index < most; index += 1) {
    const asked = await askStream(path, from, cookie);
    if (asked.status !== 200) return { opened, refused: asked };
    opened.push(asked);
  }
  return { opened, refused: undefined };
}

const PAGE = '/api/v1/changes?topics=home,market';

describe('live streams from many addresses', () => {
  test('one address holds 24, one /24 holds its share, past them 503 with Retry-After; another network still gets its stream, and a closed page frees its place', async () => {
    const first = await fill(PAGE, '127.0.0.2', 40);
    expect(first.opened).toHaveLength(24);
    expect(first.refused?.status).toBe(503);
    expect(Number(first.refused?.retryAfter)).toBeGreaterThan(0);

    let held = first.opened.length;
    for (let host = 3; host <= 60; host += 1) {
      const { opened, refused } = await fill(PAGE, `127.0.0.${host}`, 24);
      held += opened.length;
      if (refused) {
        expect(refused.status, `127.0.0.${host}`).toBe(503);
        expect(Number(refused.retryAfter), `127.0.0.${host}`).toBeGreaterThan(0);
      }
    }
    expect(held).toBe(40);

    const honest = await askStream(PAGE, '127.0.1.1');
    expect(honest.status).toBe(200);
    expect((await askStream('/api/v1/changes?topics=cards', '127.0.1.1')).status).toBe(200);

    for (const stream of first.opened) stream.close();
    await eventually(async () => {
      const again = await askStream(PAGE, '127.0.0.2');
      again.close();
      return again.status === 200;
    });
  });
});

describe('live streams of one signed-in account', () => {
  test('across several addresses it holds 32 (pages and the bell), then 503; others on those addresses still get theirs', async () => {
    const { client } = await walletClient(app);
    const cookie = client.cookieHeader();
    let held = 0;
    for (const from of ['127.0.2.1', '127.0.3.1']) {
      held += (await fill('/api/v1/notifications/stream', from, 6, cookie)).opened.length;
      held += (await fill(PAGE, from, 6, cookie)).opened.length;
    }
    const third = await fill(PAGE, '127.0.4.1', 30, cookie);
    held += third.opened.length;
    expect(held).toBe(32);
    expect(third.refused?.status).toBe(503);
    expect(Number(third.refused?.retryAfter)).toBeGreaterThan(0);
    const bell = await askStream('/api/v1/notifications/stream', '127.0.5.1', cookie);
    expect(bell.status).toBe(503);

    expect((await askStream(PAGE, '127.0.4.1')).status).toBe(200);
    expect((await askStream(PAGE, '127.0.5.1')).status).toBe(200);
  });
});

describe('GET /api/v1/changes/latest (what a refused page polls)', () => {
  test('says when its topics last changed, and moves when one changes', async () => {
    const { client, address } = await walletClient(app);
    const latest = () =>
      app.client().get<{ changedAt: string | null }>(`/api/v1/changes/latest?topics=user:${address},card:999999`);
    const before = await latest();
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-store');
    expect((await client.put('/api/v1/profile', { name: 'Polled name' })).status).toBe(200);
    let after: string | null = null;
    await eventually(async () => {
      after = (await latest()).body.changedAt;
      return after !== before.body.changedAt;
    });
    expect(after).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const unknown = await app.client().get<{ message: string }>('/api/v1/changes/latest?topics=everything');
    expect(unknown.status).toBe(422);
  });
});
