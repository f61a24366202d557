/**
 * Two server processes on one PostgreSQL database issue cards at the same time from the one platform minter:
 * every issue lands (no "nonce too low", no design on chain missing from the catalogue), because the minter's
 * transactions are sent one at a time across processes (src/server/jobs/senderLock.server.ts).
 *
 * Runs in the PostgreSQL pass of `npm test` (`DATABASE_URL` set; `vitest run --project postgres`).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CREATOR_PASSWORD, issueCards, startTradingApp, type TradingApp, tradingServerEnv } from '../api/tradingApp.ts';
import { ApiClient, type App } from '../helpers/api.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

let trading: TradingApp;
let second: RunningServer;

beforeAll(async () => {
  if (!process.env['DATABASE_URL']) throw new Error('this suite needs DATABASE_URL (a PostgreSQL server)');
  trading = await startTradingApp();
  // The second process: same database and chain, no indexer of its own (the first one leads).
  second = await startServer({
    env: { ...trading.app.database.env, ...tradingServerEnv(trading.fixture), INDEXER: 'off' },
  });
}, 180_000);

afterAll(async () => {
  await second?.stop();
  await trading?.stop();
});

/** The app at `url` (either process), for the multipart helper. */
const appAt = (url: string): App => ({ ...trading.app, url, client: () => new ApiClient(url) });

async function illustratorOn(app: App): Promise<ApiClient> {
  const client = app.client();
  const signedIn = await client.post('/api/v1/illustrator_session', { uid: 'creator', password: CREATOR_PASSWORD });
  expect(signedIn.status).toBe(200);
  return client;
}

test('sixteen card issues at once through two processes all land, each its own design, all in the catalogue', async () => {
  const apps = [trading.app, appAt(second.url)];
  const clients = await Promise.all(apps.map(illustratorOn));
  const issues = await Promise.all(
    Array.from({ length: 16 }, (_, index) =>
      issueCards(apps[index % 2] as App, clients[index % 2] as ApiClient, {
        name: `Together ${index}`,
        description: 'Issued at the same time as fifteen others',
        serials: '1',
        category_id: '1',
        royalty_bps: '500',
      }),
    ),
  );
  expect(
    issues.map((issue) => issue.status),
    `${JSON.stringify(issues.map((issue) => issue.body))}\n${trading.app.server.stderr()}\n${second.stderr()}`,
  ).toEqual(Array.from({ length: 16 }, () => 201));
  const designs = new Set(issues.map((issue) => String(issue.body['designId'])));
  expect(designs.size).toBe(16);
  // Each issued card is in the catalogue, whichever process answers.
  for (const [index, issue] of issues.entries()) {
    const [card] = issue.body['cards'] as { tokenId: string }[];
    const answer = await new ApiClient(apps[(index + 1) % 2]?.url as string).get<{ name: string }>(
      `/api/v1/cards/1/${String(issue.body['contractAddress'])}/${card?.tokenId}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.name).toBe(`Together ${index}`);
  }
}, 240_000);
