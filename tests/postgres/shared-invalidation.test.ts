/**
 * Two server processes on one PostgreSQL database (as behind a load balancer): any process serves anything. A
 * change made through one drops the page the other holds within a second, also when it is announced while
 * either's listening connection is reconnecting; a process hears its own change once; an image uploaded through
 * one is served by the other; a preview image both draw is the same bytes under one ETag (a hash of them).
 *
 * Runs in the PostgreSQL pass of `npm test` (`DATABASE_URL` set; `vitest run --project postgres`).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ADMIN, seedDemo } from '../../src/dev/seed/demo.ts';
import { uploadFile } from '../api/admin-clients.ts';
import { API_KEY, ApiClient, type App } from '../helpers/api.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

let database: TestDatabase;
let first: RunningServer;
let second: RunningServer;
let admin: ApiClient;
const cardIds: number[] = [];

beforeAll(async () => {
  if (!process.env['DATABASE_URL']) throw new Error('this suite needs DATABASE_URL (a PostgreSQL server)');
  database = await createTestDatabase();
  await seedDemo(database.db);
  await database.disconnect();
  // A listener waits 3 s before it reconnects: room to announce a change while it is away.
  const env = { ...database.env, CHANGES_RECONNECT_MS: '3000' };
  [first, second] = await Promise.all([startServer({ env }), startServer({ env })]);
  admin = new ApiClient(first.url);
  expect((await admin.post('/api/v1/admin_session', DEMO_ADMIN)).status).toBe(200);
  const list = await new ApiClient(first.url).get<{ items: { id: number }[] }>('/api/v1/cards?per_page=10');
  cardIds.push(...list.body.items.map((card) => card.id));
}, 120_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await database?.close();
});

async function load(server: RunningServer, path: string) {
  const response = await fetch(new URL(path, server.url));
  return { status: response.status, cache: response.headers.get('x-astro-cache'), html: await response.text() };
}

/** A card's page held in `server`'s cache (a second load is a hit). */
async function held(server: RunningServer, id: number) {
  const path = `/nfts/${id}`;
  await load(server, path);
  expect(await load(server, path)).toMatchObject({ status: 200, cache: 'HIT' });
  return path;
}

/** Waits until `server` answers `path` with `status` (what a change made elsewhere does); the time it took. */
async function until(server: RunningServer, path: string, status: number, ms: number): Promise<number> {
  const since = Date.now();
  while ((await load(server, path)).status !== status) {
    expect(Date.now() - since, `${path} answered ${status} within ${ms} ms`).toBeLessThan(ms);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - since;
}

const hide = async (id: number, hidden: boolean) =>
  expect((await admin.put(`/api/v1/admins/card_serials/${id}`, { hidden })).status).toBe(200);

/** Ends the change listener's connection of `server` from the database's side. */
async function cutListener(server: RunningServer): Promise<void> {
  const client = new pg.Client({ connectionString: database.env['DATABASE_URL'] });
  await client.connect();
  try {
    const { rows } = await client.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
      [`kirafuda-changes:${server.pid}`],
    );
    expect(rows.map((row) => row.ended)).toEqual([true]);
  } finally {
    await client.end();
  }
}

describe('two server processes', () => {
  test('a change made through one drops the page the other holds, within a second', async () => {
    const id = cardIds[0] ?? 0;
    const path = await held(second, id);
    await hide(id, true);
    await until(second, path, 404, 1_000);
    await hide(id, false);
  });

  test('a change announced while the other process is reconnecting its listener reaches it', async () => {
    const id = cardIds[1] ?? 0;
    await cutListener(second);
    const path = await held(second, id);
    await hide(id, true);
    await until(second, path, 404, 15_000);
    await hide(id, false);
  });

  test('a change announced while the announcing process is reconnecting its listener reaches the other', async () => {
    const id = cardIds[2] ?? 0;
    const path = await held(second, id);
    await cutListener(first);
    await hide(id, true);
    await until(second, path, 404, 5_000);
    await hide(id, false);
  });

  test('a process hears its own change once', async () => {
    const id = cardIds[3] ?? 0;
    const stream = await fetch(new URL(`/api/v1/changes?topics=card:${id}`, first.url), {
      headers: { 'x-requested-with': 'XMLHttpRequest', 'x-api-key': API_KEY },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('no stream');
    let text = '';
    const reading = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    })();
    while (!text.includes('event: ready')) await new Promise((resolve) => setTimeout(resolve, 20));
    await hide(id, true);
    // Long enough for its own NOTIFY to come back through the database, were it heard.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await reader.cancel();
    await reading.catch(() => undefined);
    expect(text.match(/event: change/g)?.length).toBe(1);
    await hide(id, false);
  });

  test('an image uploaded through one is served by the other, with the hash of its bytes as ETag', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const contract = `0x${'4e'.repeat(20)}`;
    const made = await admin.post('/api/v1/admins/categories', {
      chain_id: 1,
      contract_address: contract,
      name: '共有',
    });
    expect(made.status).toBe(201);
    const uploaded = await uploadFile(
      { url: first.url } as App,
      admin,
      `/api/v1/admins/categories/${contract}/image?chain_id=1`,
      'image',
      png,
    );
    expect(uploaded.status).toBe(200);
    const url = String(uploaded.body.image);
    const [one, other] = await Promise.all([fetch(new URL(url, first.url)), fetch(new URL(url, second.url))]);
    expect([one.status, other.status]).toEqual([200, 200]);
    const [a, b] = [Buffer.from(await one.arrayBuffer()), Buffer.from(await other.arrayBuffer())];
    expect(b.equals(a)).toBe(true);
    const hash = createHash('sha256').update(a).digest('base64url').slice(0, 27);
    expect([one.headers.get('etag'), other.headers.get('etag')]).toEqual([`"${hash}"`, `"${hash}"`]);
  });

  test('a preview image both draw at once is the same bytes under one ETag', async () => {
    const list = await new ApiClient(first.url).get<{
      items: { chainId: number; contractAddress: string; tokenId: string }[];
    }>('/api/v1/cards?per_page=1&page=7');
    const card = list.body.items[0];
    if (!card) throw new Error('no demo card');
    const path = `/og/tokens/${card.chainId}/${card.contractAddress}/${card.tokenId}.png`;
    const [one, other] = await Promise.all([fetch(new URL(path, first.url)), fetch(new URL(path, second.url))]);
    expect([one.status, other.status]).toEqual([200, 200]);
    const [a, b] = [Buffer.from(await one.arrayBuffer()), Buffer.from(await other.arrayBuffer())];
    expect(b.equals(a)).toBe(true);
    expect(one.headers.get('etag')).toBe(other.headers.get('etag'));
    expect(one.headers.get('etag')).toBe(`"${createHash('sha256').update(a).digest('base64url').slice(0, 27)}"`);
  });
});
