/**
 * The leader lease's fence on PostgreSQL (src/server/jobs/leaderFence.server.ts), with two job runners in this
 * process standing for two server processes: whatever the leader's jobs write goes through the fenced handle, so
 * - a write from outside a lock job's pass is refused;
 * - a pass that outlived its lock (its lock connection ended, the other runner took the lease) writes nothing, in a
 *   transaction or outside one, while the new leader's writes go through;
 * - a transaction the old leader began in time holds the new leader back until it ends (its write stands, ordered
 *   before anything the new leader writes).
 *
 * Runs in the PostgreSQL pass of `npm test` (`DATABASE_URL` set; `vitest run --project postgres`).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pageChanges } from '../../src/server/db/schema/index.ts';
import type { Database } from '../../src/server/db/types.ts';
import { fencedHandle, LeaseLostError } from '../../src/server/jobs/leaderFence.server.ts';
import { tryLeaderLock } from '../../src/server/jobs/leaderLock.server.ts';
import { createJobRunner, type JobRunner } from '../../src/server/jobs/runner.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let database: TestDatabase;
let fenced: Database;
const runners: JobRunner[] = [];

beforeAll(async () => {
  if (!process.env['DATABASE_URL']) throw new Error('this suite needs DATABASE_URL (a PostgreSQL server)');
  database = await createTestDatabase();
  fenced = fencedHandle(database).db;
}, 60_000);

afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await database?.close();
});

const url = () => database.env['DATABASE_URL'] ?? '';

type Task = { run: () => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * A stand-in for a server process: a runner whose lock jobs `a` and `b` each run, a pass at a time, what they are
 * given. It takes the lock once: once lost, it stands by (as a process still frozen would).
 */
function serverProcess() {
  let took = false;
  const runner = createJobRunner({
    tryLock: async (signal) => {
      if (took) return undefined;
      took = true;
      return tryLeaderLock(database, url(), signal, () => {});
    },
    lockRetryMs: 50,
    log: () => {},
  });
  const queues = { a: [] as Task[], b: [] as Task[] };
  for (const name of ['a', 'b'] as const) {
    runner.every(name, { pollMs: 5, needsLock: true }, async () => {
      const task = queues[name].shift();
      if (task) await task.run().then(task.resolve, task.reject);
    });
  }
  runners.push(runner);
  runner.start();
  return {
    runner,
    /** Runs `task` in job `name`'s next pass; its outcome. */
    run: (name: 'a' | 'b', task: () => Promise<unknown>) =>
      new Promise((resolve, reject) => queues[name].push({ run: task, resolve, reject })),
  };
}

/** A gate a task waits at until the test opens it. */
function gate() {
  let open: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open: () => open() };
}

/** Ends this process's leader lock connections, as PostgreSQL does for a frozen holder after the lease. */
async function endLockConnections(): Promise<void> {
  const client = new pg.Client({ connectionString: url() });
  await client.connect();
  try {
    await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [`kirafuda-leader-lock:${process.pid}`],
    );
  } finally {
    await client.end();
  }
}

const tagsWritten = async (prefix: string) =>
  (
    await database.db.execute<{ tag: string }>(
      sql`select tag from page_changes where tag like ${`${prefix}%`} order by tag`,
    )
  ).rows.map((row) => row.tag);

/** What refused a write (drizzle throws the query, with the refusal as its cause). */
const refusal = (error: unknown) => (error as { cause?: unknown })?.cause ?? error;

const note = (tag: string) => fenced.insert(pageChanges).values({ tag, changedAt: new Date() });

test('a write through the fenced handle from outside a lock job’s pass is refused', async () => {
  expect(refusal(await note('outside:1').catch((error: unknown) => error))).toBeInstanceOf(LeaseLostError);
  expect(await tagsWritten('outside:')).toEqual([]);
});

test('a pass that outlived its lock writes nothing, the new leader writes, and a transaction begun in time holds it back', async () => {
  const first = serverProcess();
  await first.runner.leading;
  await first.run('a', () => note('lease:1 first'));
  // Under the first lease: a transaction left open, and a pass that will write only later.
  const inTime = gate();
  const late = gate();
  let begun = false;
  const open = first.run('a', () =>
    fenced.transaction(async (tx) => {
      await tx.insert(pageChanges).values({ tag: 'lease:2 first, begun in time', changedAt: new Date() });
      begun = true;
      await inTime.closed;
    }),
  );
  const stale = first.run('b', async () => {
    await late.closed;
    const outside = await note('lease:4 first, late').catch((error: unknown) => error);
    const inside = await fenced
      .transaction((tx) => tx.insert(pageChanges).values({ tag: 'lease:5 first, late', changedAt: new Date() }))
      .catch((error: unknown) => error);
    return [outside, inside];
  });
  await expect.poll(() => begun, { timeout: 5_000 }).toBe(true);

  // The first process's lock connection ends (its lease ran out); the second takes the lock, and its lease
  // waits for the transaction begun in time.
  await endLockConnections();
  const second = serverProcess();
  let secondLeads = false;
  void second.runner.leading.then(() => {
    secondLeads = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(secondLeads).toBe(false);
  inTime.open();
  await open;
  await second.runner.leading;
  await second.run('a', () => note('lease:3 second'));

  // The pass begun under the first lease goes on: its writes are refused.
  late.open();
  const [outside, inside] = (await stale) as unknown[];
  expect(refusal(outside)).toBeInstanceOf(LeaseLostError);
  expect(refusal(inside)).toBeInstanceOf(LeaseLostError);
  expect(await tagsWritten('lease:')).toEqual(['lease:1 first', 'lease:2 first, begun in time', 'lease:3 second']);
}, 30_000);
