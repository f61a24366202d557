/**
 * Two server processes on one PostgreSQL database (as behind a load balancer) share their cache invalidations
 * through `LISTEN/NOTIFY`: a change made through one drops the page the other holds within a second.
 *
 * Runs in the PostgreSQL pass of `npm test` (`DATABASE_URL` set; `vitest run --project postgres`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ADMIN, seedDemo } from '../../src/dev/seed/demo.ts';
import { ApiClient } from '../helpers/api.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

let database: TestDatabase;
let first: RunningServer;
let second: RunningServer;

beforeAll(async () => {
  if (!process.env['DATABASE_URL']) throw new Error('this suite needs DATABASE_URL (a PostgreSQL server)');
  database = await createTestDatabase();
  await seedDemo(database.db);
  await database.disconnect();
  [first, second] = await Promise.all([startServer({ env: database.env }), startServer({ env: database.env })]);
}, 90_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await database?.close();
});

async function load(server: RunningServer, path: string) {
  const response = await fetch(new URL(path, server.url));
  return { status: response.status, cache: response.headers.get('x-astro-cache'), html: await response.text() };
}

describe('two server processes', () => {
  test('a change made through one drops the page the other holds, within a second', async () => {
    const list = await new ApiClient(first.url).get<{ items: { id: number; name: string }[] }>(
      '/api/v1/cards?per_page=1',
    );
    const card = list.body.items[0];
    if (!card) throw new Error('no demo card');
    const path = `/nfts/${card.id}`;
    await load(second, path);
    const held = await load(second, path);
    expect(held).toMatchObject({ status: 200, cache: 'HIT' });

    const admin = new ApiClient(first.url);
    expect((await admin.post('/api/v1/admin_session', DEMO_ADMIN)).status).toBe(200);
    expect((await admin.put(`/api/v1/admins/card_serials/${card.id}`, { hidden: true })).status).toBe(200);
    const changed = Date.now();
    let status = held.status;
    while (status !== 404) {
      expect(Date.now() - changed, 'the other process dropped the page within 1 s').toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await load(second, path)).status;
    }
    expect((await admin.put(`/api/v1/admins/card_serials/${card.id}`, { hidden: false })).status).toBe(200);
  });
});
