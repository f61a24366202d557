/**
 * Pinning at two outside services (stand-ins that follow the IPFS Pinning Service API and fetch the DAG from the
 * `origins` we give them, our gateway): one fails its first three calls, one stays `pinning` a while; both end
 * `pinned` holding every block, and a process that claimed requests and died in between loses none of them.
 * Time is passed explicitly, so backoffs are waited out without sleeping.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/db';
import { eventually } from '#tests/helpers/eventually';
import { startPinningService } from '#tests/helpers/pinningService';
import { tinyPng } from '#tests/helpers/testMetadata';
import { pinRequests } from '~/server/db/schema';
import { databaseBlocks } from '../databaseBlocks.server';
import { answerGateway } from '../gateway/answerGateway.server';
import type { MediaSettings } from '../mediaSettings.server';
import { publishDesign } from '../publishMetadata.server';
import { originMultiaddr } from './pinningClient';
import { pinDueRequests } from './pinningJob.server';
import { CLAIM_TTL_MS, claimDuePins } from './pinQueue.server';

let database: TestDatabase;
let gateway: Server;
let gatewayUrl: URL;
let flaky: Awaited<ReturnType<typeof startPinningService>>;
let slow: Awaited<ReturnType<typeof startPinningService>>;
let cids: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  const store = databaseBlocks(database.db);
  gateway = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const response = await answerGateway(new Request(url), url.pathname.replace(/^\/ipfs\//, ''), store);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = new URL(`http://127.0.0.1:${(gateway.address() as AddressInfo).port}`);
  [flaky, slow] = await Promise.all([
    startPinningService({ token: 'flaky-secret', failFirst: 3 }),
    startPinningService({ token: 'slow-secret', slowReads: 3 }),
  ]);
  const image = await tinyPng();
  const published = await publishDesign(
    database.db,
    { store, services: ['flaky', 'slow'] },
    {
      key: { chainId: 31_337, contract: `0x${'12'.repeat(20)}`, designId: 1n },
      maxSerials: 2,
      series: { ja: 'シリーズ' },
      site: gatewayUrl,
      serial: () => ({ name: { ja: '札' }, description: { ja: '' }, traits: [], image }),
    },
  );
  cids = [published.metadataCid, ...published.imageCids];
}, 60_000);

afterAll(async () => {
  await Promise.all([flaky?.stop(), slow?.stop(), new Promise((resolve) => gateway?.close(resolve))]);
  await database?.close();
});

const settings = (): Pick<MediaSettings, 'pinningServices' | 'gatewayOrigin'> => ({
  pinningServices: [
    { name: 'flaky', endpoint: flaky.url, token: 'flaky-secret' },
    { name: 'slow', endpoint: slow.url, token: 'slow-secret' },
  ],
  gatewayOrigin: gatewayUrl,
});

const rows = () => database.db.select().from(pinRequests).orderBy(pinRequests.id);

describe('pinning', () => {
  test('a failing service and a slow one both end pinned, across a process that died holding claims', async () => {
    expect((await rows()).map((row) => [row.cid, row.service, row.status])).toEqual(
      cids.flatMap((cid) => [
        [cid, 'flaky', 'queued'],
        [cid, 'slow', 'queued'],
      ]),
    );
    let now = Date.now();
    // The first pass: the flaky service fails (backoff), the slow one accepts.
    await pinDueRequests(database.db, settings(), new Date(now));
    expect((await rows()).filter((row) => row.service === 'flaky').every((row) => row.attempts === 1)).toBe(true);
    expect(JSON.stringify(await rows())).not.toContain('secret');
    // A process claims every due request, then dies before answering: nothing of its claims is lost.
    now += 60_000;
    const orphaned = await claimDuePins(database.db, ['flaky', 'slow'], new Date(now));
    expect(orphaned.length).toBeGreaterThan(0);
    expect(await pinDueRequests(database.db, settings(), new Date(now + 1_000))).toMatchObject({ handled: 0 });
    // A new process (fresh settings, same database) carries on after the claims lapse.
    now += CLAIM_TTL_MS + 1_000;
    await eventually(async () => {
      now += 70_000;
      await pinDueRequests(database.db, settings(), new Date(now));
      return (await rows()).every((row) => row.status === 'pinned');
    }, 20_000);
    const done = await rows();
    expect(done.every((row) => row.pinnedAt !== null && row.lastError === null)).toBe(true);
    expect(done.filter((row) => row.service === 'flaky').some((row) => row.attempts >= 1)).toBe(true);
    expect(flaky.pinned().sort()).toEqual([...cids].sort());
    expect(slow.pinned().sort()).toEqual([...cids].sort());
    expect(slow.seenOrigins).toContain(originMultiaddr(gatewayUrl));
    expect([...slow.pins.values()].some((pin) => pin.reads > 3)).toBe(true);
  }, 60_000);

  test('a service refusing our token is retried with backoff, its error recorded without the token', async () => {
    const wrong = {
      pinningServices: [{ name: 'slow', endpoint: slow.url, token: 'not-the-token' }],
      gatewayOrigin: gatewayUrl,
    };
    await database.db
      .update(pinRequests)
      .set({ status: 'queued', requestId: null, attempts: 0, nextAttemptAt: new Date(0) });
    const pass = await pinDueRequests(database.db, wrong, new Date());
    expect(pass).toMatchObject({ failed: cids.length });
    const refused = (await rows()).filter((row) => row.service === 'slow');
    expect(refused.every((row) => row.lastError === 'slow answered 401' && row.attempts === 1)).toBe(true);
    expect(refused.every((row) => row.nextAttemptAt.getTime() > Date.now())).toBe(true);
  });
});
