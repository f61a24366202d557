/**
 * Illegal-content reports over HTTP: anyone may report a token, signed-in reporters are recorded, the
 * reported card is linked when it is known, bad input and requests from elsewhere are refused, and a
 * person may file ten reports an hour. The stored rows are read back after the server has stopped.
 */
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPORT_TYPES } from '../../src/features/reports/reportTypes.ts';
import { createDatabase } from '../../src/server/db/client.ts';
import { cards, illegalReports, users } from '../../src/server/db/schema/index.ts';
import type { Database } from '../../src/server/db/types.ts';
import { type App, startApp } from '../helpers/api.ts';
import { ILLUSTRATOR, seedAccounts } from './fixtures.ts';

const CONTRACT = `0x${'c4'.repeat(20)}`;
let app: App;

async function seed(db: Database): Promise<void> {
  await seedAccounts(db);
  await db
    .insert(cards)
    .values({ chainId: 1, contractAddress: CONTRACT, tokenId: '7', ownerAddress: ILLUSTRATOR.wallet });
}

beforeAll(async () => {
  app = await startApp({ seed });
});
afterAll(async () => {
  await app?.stop();
});

const report = { token_id: '7', type: 'copyright', details: 'This card copies my artwork.' };
const post = (body: unknown, options = {}) =>
  app.client().post<{ id?: number; message?: string }>('/api/v1/illegal_report', body, options);

async function signedInClient() {
  const client = app.client();
  const res = await client.post('/api/v1/illustrator_session', {
    uid: ILLUSTRATOR.uid,
    password: ILLUSTRATOR.password,
  });
  expect(res.status).toBe(200);
  return client;
}

describe('POST /api/v1/illegal_report', () => {
  test('anyone may report a token: 201 with the report id', async () => {
    const res = await post(report);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
  });

  test('accepts every report type the dialog offers, a numeric token id and a named contract', async () => {
    for (const type of REPORT_TYPES.slice(1, 3)) {
      expect((await post({ ...report, type, token_id: 8, chain_id: 137, contract_address: CONTRACT })).status).toBe(
        201,
      );
    }
  });

  test('refuses bad fields with 422 naming them', async () => {
    const bad: Record<string, unknown>[] = [
      {},
      { ...report, token_id: undefined },
      { ...report, token_id: '-1' },
      { ...report, token_id: '1.5' },
      { ...report, token_id: (2n ** 256n).toString() },
      { ...report, type: 'spam' },
      { ...report, details: '   ' },
      { ...report, details: 'x'.repeat(2001) },
      { ...report, chain_id: 5 },
      { ...report, contract_address: '0x12' },
    ];
    for (const body of bad) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
    expect((await post({ ...report, type: 'spam' })).body.message).toContain('type');
    expect((await post({ ...report, details: 'x'.repeat(2000) })).status).toBe(201);
  });

  test('refuses a body that is not JSON', async () => {
    expect((await app.client().request('POST', '/api/v1/illegal_report', { rawBody: '{token_id' })).status).toBe(400);
  });

  test('refuses requests without the site headers or from a foreign origin with 403', async () => {
    expect((await post(report, { siteHeaders: false })).status).toBe(403);
    expect((await post(report, { headers: { 'x-api-key': 'wrong' } })).status).toBe(403);
    expect((await post(report, { origin: 'https://evil.example' })).status).toBe(403);
  });

  test('a signed-in person may file ten reports an hour, then gets 429 with Retry-After', async () => {
    const client = await signedInClient();
    for (let i = 0; i < 10; i += 1) {
      expect((await client.post('/api/v1/illegal_report', { ...report, details: `report ${i}` })).status).toBe(201);
    }
    const refused = await client.post('/api/v1/illegal_report', report);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });
});

describe('what is stored', () => {
  test('reports are open, linked to the known card and to the signed-in reporter', async () => {
    await app.server.stop();
    const handle = await createDatabase({
      url: app.database.env['DATABASE_URL'],
      dataDir: app.database.env['DATA_DIR'],
    });
    try {
      const rows = await handle.db.select().from(illegalReports).orderBy(asc(illegalReports.id));
      const [card] = await handle.db.select().from(cards);
      const [illustratorUser] = await handle.db.select().from(users);
      const first = rows[0];
      expect(first).toMatchObject({
        chainId: 1,
        contractAddress: CONTRACT,
        tokenId: '7',
        cardId: card?.id,
        type: 'copyright',
        status: 'open',
        reporterUserId: null,
      });
      expect(rows.find((row) => row.tokenId === '8')).toMatchObject({
        chainId: 137,
        cardId: null,
        contractAddress: CONTRACT,
      });
      const signedIn = rows.filter((row) => row.reporterUserId !== null);
      expect(signedIn).toHaveLength(10);
      expect(signedIn.every((row) => row.reporterUserId === illustratorUser?.id)).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
