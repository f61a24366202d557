/**
 * The leader lock is a lease: when the process holding it freezes (SIGSTOP: its connections stay open, it just
 * stops answering), the other server takes the lock within 30 s; the frozen one, let run again, learns it lost
 * the lock and waits for it as a standby. The chains point at a closed port: the lock is what is tested.
 *
 * Runs in the PostgreSQL pass of `npm test` (`DATABASE_URL` set; `vitest run --project postgres`).
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { lockState as lockStateOf, until } from '../helpers/leaderLock.ts';
import { freePort, type RunningServer, startServer } from '../helpers/server.ts';

let database: TestDatabase;
let servers: RunningServer[] = [];
let watcher: pg.Client;
let frozen: number | undefined;

beforeAll(async () => {
  if (!process.env['DATABASE_URL']) throw new Error('this suite needs DATABASE_URL (a PostgreSQL server)');
  database = await createTestDatabase();
  await database.disconnect();
  const dead = `http://127.0.0.1:${await freePort()}`;
  const env = {
    ...database.env,
    INDEXER: 'on',
    SEED_DEMO: '0',
    CHAIN_OVERRIDES_JSON: JSON.stringify(
      Object.fromEntries(['ETH', 'BSC', 'KLAYTN', 'POLYGON'].map((key) => [key, { rpcUrls: [dead] }])),
    ),
  };
  servers = await Promise.all([startServer({ env }), startServer({ env })]);
  watcher = new pg.Client({ connectionString: database.env['DATABASE_URL'] });
  await watcher.connect();
}, 120_000);

const lockState = () => lockStateOf(watcher);

afterAll(async () => {
  if (frozen) process.kill(frozen, 'SIGCONT');
  await watcher?.end();
  await Promise.all(servers.map((server) => server.stop()));
  await database?.close();
});

test('a frozen leader loses the lock to the other server within 30 s, and stands by once it runs again', async () => {
  const pids = servers.map((server) => server.pid);
  const start = await until(
    lockState,
    (state) => state.holders.length === 1 && state.waiting.length === 1,
    30_000,
    'one server leads and the other waits',
  );
  const holder = start.holders[0] ?? 0;
  const standby = pids.find((pid) => pid !== holder) ?? 0;
  expect(pids).toContain(holder);
  expect(start.waiting).toEqual([standby]);

  frozen = holder;
  process.kill(holder, 'SIGSTOP');
  await until(lockState, (state) => state.holders[0] === standby, 30_000, 'the standby took the lock');

  process.kill(holder, 'SIGCONT');
  frozen = undefined;
  const after = await until(
    lockState,
    (state) => state.waiting.includes(holder),
    30_000,
    'the resumed server waits for the lock again',
  );
  expect(after.holders).toEqual([standby]);
}, 150_000);
