/**
 * Losing the database is survivable. Two server processes on one PostgreSQL server of the test's own (so that it
 * can be restarted for real: ../helpers/privatePostgres.ts), both following one anvil chain, one of them leading
 * (a lease of 8 s here, `LEADER_LEASE_MS`):
 * - PostgreSQL ending the connection of a transaction in flight (the indexer's, waiting on the cursor row the test
 *   holds, ended with `pg_terminate_backend`) ends neither process, and the chain is indexed after;
 * - PostgreSQL restarted three times under light load: the processes stay up, requests while it is down answer 503
 *   with `Retry-After` (never 500, never a dropped connection), and everything works once it is back;
 * - the leader frozen (SIGSTOP) inside its indexer transaction: PostgreSQL ends that transaction after half the
 *   lease, the other process takes the lease over and records the sale within the lease and a few seconds, and
 *   the sale, its transfer, its revenue and the seller's notification are each recorded once (no "cannot be
 *   bought" beside "sold");
 * - the leader frozen between reading the chain and writing what it read, woken after the lease: its write is
 *   refused by the lease's fence (src/server/jobs/leaderFence.server.ts) and the cursor stays as the new leader
 *   wrote it.
 *
 * Runs in the PostgreSQL pass of `npm test` (`DATABASE_URL` set; `vitest run --project postgres`).
 */

import pg from 'pg';
import { type Address, erc721Abi, type Hash, type Hex, parseEther } from 'viem';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fulfillOrder } from '../../src/features/trading/seaport/fulfillOrder.ts';
import type { OrderComponents } from '../../src/features/trading/seaport/seaportTypes.ts';
import { payload, startTradingApp, type TradingApp, tradingServerEnv } from '../api/tradingApp.ts';
import { ApiClient } from '../helpers/api.ts';
import { eventually } from '../helpers/eventually.ts';
import { lockState as lockStateOf, until } from '../helpers/leaderLock.ts';
import { type PrivatePostgres, startPrivatePostgres } from '../helpers/privatePostgres.ts';
import { type RunningServer, SHORT_LIVED_NODE_ARGS, startServer } from '../helpers/server.ts';
import { signListing } from '../helpers/testMarket.ts';
import { zoneFill } from '../helpers/testZone.ts';

const LEASE_MS = 8_000;
/** What "within the lease and a few seconds" allows. */
const FAIL_OVER_MS = LEASE_MS + 5_000;

let postgres: PrivatePostgres;
let trading: TradingApp;
let second: RunningServer;
let servers: RunningServer[] = [];
let databaseUrl = '';
const frozen = new Set<number>();

beforeAll(async () => {
  if (!process.env['DATABASE_URL']) throw new Error('this suite needs DATABASE_URL (a PostgreSQL server)');
  postgres = await startPrivatePostgres();
  const env = { LEADER_LEASE_MS: String(LEASE_MS) };
  trading = await startTradingApp({ databaseUrl: postgres.url, env });
  databaseUrl = trading.app.database.env['DATABASE_URL'] ?? '';
  second = await startServer({
    env: { ...trading.app.database.env, ...tradingServerEnv(trading.fixture), ...env },
    nodeArgs: SHORT_LIVED_NODE_ARGS,
  });
  servers = [trading.app.server, second];
  await until(cursor, (row) => row !== undefined, 30_000, 'the chain is indexed once');
}, 180_000);

afterAll(async () => {
  for (const pid of frozen) process.kill(pid, 'SIGCONT');
  try {
    await second?.stop({ discard: true });
    await trading?.stop();
  } finally {
    await postgres?.close();
  }
});

/** One statement on a connection of its own (PostgreSQL restarts under these tests). */
async function query<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The indexer's cursor of chain 1 and its row version (`xmin` changes with every write of the row). */
async function cursor() {
  const [row] = await query<{ version: string; last_block: string }>(
    'select xmin::text as version, last_block::text from indexer_cursors where chain_id = 1',
  );
  return row;
}

/** Runs `statement` in a transaction the test keeps open (holding what it locked) until `release`. */
async function holding(statement: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query(statement);
  return { release: () => client.query('rollback').finally(() => client.end()) };
}

/** The backends waiting for a lock while running a statement like `pattern`. */
async function waitingOn(pattern: string): Promise<number[]> {
  const rows = await query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
       and query like $1`,
    [pattern],
  );
  return rows.map((row) => row.pid);
}

const lockState = async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await lockStateOf(client);
  } finally {
    await client.end();
  }
};

/** The leading process and the one standing by. */
async function roles(): Promise<{ leader: RunningServer; standby: RunningServer }> {
  const state = await until(
    lockState,
    (value) => value.holders.length === 1 && value.waiting.length === 1,
    30_000,
    'one process leads and the other waits',
  );
  const leader = servers.find((server) => server.pid === state.holders[0]);
  const standby = servers.find((server) => server.pid === state.waiting[0]);
  if (!leader || !standby) throw new Error(`the lock is held by another process: ${JSON.stringify(state)}`);
  return { leader, standby };
}

const freeze = (server: RunningServer) => {
  frozen.add(server.pid);
  process.kill(server.pid, 'SIGSTOP');
};
const thaw = (server: RunningServer) => {
  process.kill(server.pid, 'SIGCONT');
  frozen.delete(server.pid);
};

/** Whether the process still runs, and answers its health check. */
async function alive(server: RunningServer): Promise<string> {
  try {
    process.kill(server.pid, 0);
  } catch {
    return `exited:\n${server.stderr()}`;
  }
  const health = await fetch(new URL('/api/v1/health', server.url)).catch((error: Error) => error);
  return health instanceof Error ? `unreachable (${health.message}):\n${server.stderr()}` : 'up';
}

const buyer = () => trading.fixture.market.buyer.account.address.toLowerCase();

/** The owner the process at `server` shows for card `tokenId`. */
async function ownerOn(server: RunningServer, tokenId: bigint): Promise<string | undefined> {
  const answer = await new ApiClient(server.url).get<{ owner?: string }>(trading.cardPath(tokenId));
  return answer.body.owner;
}

/** The seller gives card `tokenId` to the buyer on chain. */
async function transfer(tokenId: bigint): Promise<Hash> {
  const { seller, contracts, mined } = trading.fixture.market;
  const hash = await seller.writeContract({
    address: contracts.card,
    abi: erc721Abi,
    functionName: 'transferFrom',
    args: [seller.account.address, buyer() as Address, tokenId],
  });
  await mined(hash);
  return hash;
}

/** The seller lists card `tokenId` through the API; its listing's id and order. */
async function list(tokenId: bigint): Promise<{ id: number; order: OrderComponents; signature: Hex }> {
  const { input, order, signature } = await signListing(trading.fixture, tokenId, { price: parseEther('1') });
  const listed = await trading.seller.post<{ listing: { id: number } }>('/api/v1/sell_card', payload(input));
  expect(listed.status, JSON.stringify(listed.body)).toBe(201);
  return { id: listed.body.listing.id, order, signature };
}

/** The buyer fills `order` on chain. */
async function buy(order: OrderComponents, signature: Hex): Promise<Hash> {
  const { buyer: wallet, contracts, mined } = trading.fixture.market;
  const hash = await fulfillOrder(wallet, {
    seaport: contracts.seaport,
    order,
    signature,
    fulfillerConduitKey: contracts.conduitKey,
    extraData: await zoneFill(trading.fixture.market, order, wallet.account.address),
  });
  await mined(hash);
  return hash;
}

test('PostgreSQL ending the connection of the indexer’s transaction in flight ends no process; the chain is indexed after', async () => {
  const tokenId = 11n;
  const hold = await holding('select * from indexer_cursors where chain_id = 1 for update');
  try {
    await transfer(tokenId);
    const [backend] = await until(
      () => waitingOn('%indexer_cursors%'),
      (pids) => pids.length > 0,
      20_000,
      'the indexer’s transaction waits for the cursor row',
    );
    const [ended] = await query<{ ended: boolean }>('select pg_terminate_backend($1) as ended', [backend]);
    expect(ended?.ended).toBe(true);
  } finally {
    await hold.release();
  }
  await eventually(async () => {
    expect(await Promise.all(servers.map(alive))).toEqual(['up', 'up']);
    const owners = await Promise.all(servers.map((server) => ownerOn(server, tokenId)));
    return owners.every((owner) => owner === buyer());
  }, 20_000);
}, 60_000);

/** Numbers the probes, so that each page probed is one no one asked for yet. */
let probed = 0;
const next = () => {
  probed += 1;
  return probed;
};

/** A request of each kind a visitor makes: an API read, a page no one asked for yet, a signed-in API read. */
function probes(server: RunningServer) {
  const signedIn = new ApiClient(server.url);
  for (const [name, value] of trading.seller.cookies) signedIn.cookies.set(name, value);
  const outcome = (response: Response) => {
    void response.body?.cancel();
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  };
  return [
    async () => outcome(await fetch(new URL(`/api/v1/cards?per_page=2&page=${next()}`, server.url))),
    async () => outcome(await fetch(new URL(`/nfts?probe=${next()}`, server.url), { redirect: 'manual' })),
    async () => {
      const answer = await signedIn.get('/api/v1/current_user');
      return { status: answer.status, retryAfter: answer.headers.get('retry-after') };
    },
  ];
}

test('PostgreSQL restarted three times under light load: no process ends, requests meanwhile answer 503 with Retry-After, all works after', async () => {
  const seen = new Map<string, number>();
  let loading = true;
  const load = (async () => {
    const each = servers.map(probes);
    while (loading) {
      for (const probe of each.flat()) {
        const answer = await probe().then(
          ({ status, retryAfter }) => (status === 503 && retryAfter ? '503 with Retry-After' : String(status)),
          (error: Error) => `dropped: ${error.message}`,
        );
        seen.set(answer, (seen.get(answer) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    for (let round = 1; round <= 3; round += 1) {
      await postgres.stop();
      try {
        for (const server of servers) {
          for (const probe of probes(server)) {
            const answer = await probe();
            expect(answer.status, `round ${round}: ${server.stderr().slice(-2_000)}`).toBe(503);
            expect(Number(answer.retryAfter)).toBeGreaterThan(0);
          }
        }
      } finally {
        await postgres.start();
      }
      await eventually(async () => {
        const answers = await Promise.all(servers.flatMap((server) => probes(server).map((probe) => probe())));
        return answers.every((answer) => answer.status === 200);
      }, 20_000);
    }
  } finally {
    loading = false;
    await load;
  }
  expect([...seen.keys()].filter((answer) => answer !== '200' && answer !== '503 with Retry-After')).toEqual([]);
  expect(seen.get('200')).toBeGreaterThan(0);
  expect(await Promise.all(servers.map(alive))).toEqual(['up', 'up']);
  // Everything works after: a listing through the API, a transfer followed by whichever process leads now.
  await list(14n);
  await transfer(15n);
  await eventually(async () => {
    const owners = await Promise.all(servers.map((server) => ownerOn(server, 15n)));
    return owners.every((owner) => owner === buyer());
  }, 20_000);
}, 120_000);

test('a leader frozen inside its indexer transaction: the other process records the sale within the lease, each row once', async () => {
  const { leader, standby } = await roles();
  const tokenId = 12n;
  const listing = await list(tokenId);
  const hold = await holding('select * from indexer_cursors where chain_id = 1 for update');
  let sale: Hash;
  let frozenAt = 0;
  try {
    sale = await buy(listing.order, listing.signature);
    await until(
      () => waitingOn('%indexer_cursors%'),
      (pids) => pids.length > 0,
      20_000,
      'the leader’s transaction waits',
    );
    freeze(leader);
    frozenAt = Date.now();
  } finally {
    // The frozen leader's statement runs now; its transaction then sits idle, holding the sale's rows.
    await hold.release();
  }
  await until(lockState, (state) => state.holders.includes(standby.pid), FAIL_OVER_MS, 'the standby took the lock');
  const lockMovedMs = Date.now() - frozenAt;
  await until(
    () => ownerOn(standby, tokenId),
    (owner) => owner === buyer(),
    FAIL_OVER_MS,
    'the sale is recorded',
  );
  const recordedMs = Date.now() - frozenAt;
  const written = await cursor();
  thaw(leader);
  await until(lockState, (state) => state.waiting.includes(leader.pid), 30_000, 'the woken process stands by');
  // The woken process wrote nothing: the cursor never went back (the new leader may index later blocks meanwhile,
  // which its own jobs can mine), and every row of the sale is there once (below).
  const after = await cursor();
  expect(Number(after?.last_block)).toBeGreaterThanOrEqual(Number(written?.last_block));
  expect(Number(after?.version)).toBeGreaterThanOrEqual(Number(written?.version));
  const [counts] = await query(
    `select (select count(*)::int from sales where tx_hash = $1) as sales,
       (select count(*)::int from card_transfers where tx_hash = $1) as transfers,
       (select count(*)::int from revenues r join fill_bookings f on f.id = r.fill_id where f.tx_hash = $1) as revenues,
       (select count(*)::int from notifications where kind = 'card_sold' and event_key = $2) as sold,
       (select count(*)::int from notifications where kind = 'listing_unbuyable' and event_key like $2 || ':%')
         as unbuyable`,
    [sale, `listing:${listing.id}`],
  );
  expect(counts).toEqual({ sales: 1, transfers: 1, revenues: 1, sold: 1, unbuyable: 0 });
  expect(await Promise.all(servers.map(alive))).toEqual(['up', 'up']);
  console.info(
    `[fail-over] frozen in its transaction: lock moved in ${lockMovedMs} ms, sale recorded in ${recordedMs} ms`,
  );
}, 90_000);

test('a leader frozen between reading the chain and writing it, woken after the lease: its write is refused by the fence', async () => {
  const { leader, standby } = await roles();
  const tokenId = 13n;
  // Every read of the collections waits: the leader's pass stops right after it read the new block's number.
  const hold = await holding('lock table categories in access exclusive mode');
  let frozenAt = 0;
  let moved: Hash;
  try {
    moved = await transfer(tokenId);
    await until(
      () => waitingOn('%"creator_id" from "categories" where%'),
      (pids) => pids.length > 0,
      20_000,
      'the leader’s pass waits to read the collections',
    );
    freeze(leader);
    frozenAt = Date.now();
  } finally {
    await hold.release();
  }
  await until(
    () => ownerOn(standby, tokenId),
    (owner) => owner === buyer(),
    FAIL_OVER_MS,
    'the transfer is recorded',
  );
  const recordedMs = Date.now() - frozenAt;
  const written = await cursor();
  const refusals = () => leader.stderr().split('following blocks: a write was refused').length;
  const before = refusals();
  thaw(leader);
  await until(
    async () => refusals(),
    (count) => count > before,
    20_000,
    'the woken process’s write is refused',
  );
  await until(lockState, (state) => state.waiting.includes(leader.pid), 30_000, 'the woken process stands by');
  // The woken process wrote nothing: the cursor never went back (the new leader may index later blocks meanwhile,
  // which its own jobs can mine), and every row of the sale is there once (below).
  const after = await cursor();
  expect(Number(after?.last_block)).toBeGreaterThanOrEqual(Number(written?.last_block));
  expect(Number(after?.version)).toBeGreaterThanOrEqual(Number(written?.version));
  const [counts] = await query('select count(*)::int as transfers from card_transfers where tx_hash = $1', [moved]);
  expect(counts).toEqual({ transfers: 1 });
  expect(await Promise.all(servers.map(alive))).toEqual(['up', 'up']);
  console.info(`[fail-over] frozen between read and write: transfer recorded in ${recordedMs} ms`);
}, 90_000);
