/**
 * One leader per database, which runs the jobs that must run once (./runner.ts `needsLock`: following the
 * chains, settling auctions): a PostgreSQL session advisory lock. On a PostgreSQL server the lock is held by a
 * connection of its own (a pooled connection could be handed to other work or closed while the lock lives on
 * it); if that connection drops, the lock is gone and `lost` fires. A standby waits on its own connection
 * (`pg_advisory_lock`, no polling) and gets the lock the moment it is free.
 *
 * The lock is a lease: its connection has an `idle_session_timeout` of the lease (`LEADER_LEASE_MS`, default 20 s)
 * and the holder confirms it every {@link HEARTBEAT_SHARE} of it. A holder that stops answering (frozen, starved,
 * cut off) goes idle, PostgreSQL ends its session after the lease, and a standby takes over; the holder, should it
 * run again, finds its lock not `fresh` (no confirmation within the lease) before its next pass and learns it lost
 * it. A pass it had under way is fenced: whoever takes the lock takes the lease's next epoch, and the leader's
 * writes check theirs (./leaderFence.server.ts). On PGlite (one connection, one process) the lock is taken on the
 * database itself.
 *
 * @see https://www.postgresql.org/docs/current/explicit-locking.html#ADVISORY-LOCKS
 * @see https://www.postgresql.org/docs/current/runtime-config-client.html#GUC-IDLE-SESSION-TIMEOUT
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '~/server/db/types';
import { serverSettings } from '~/server/settings/settings.server';
import { checkLeaseEpoch, takeLeaseEpoch } from './leaderFence.server';
import type { HeldLock, LeaseQuery } from './runner';

/** The share of the lease between two confirmations of the lock (6 s of the default 20). */
export const HEARTBEAT_SHARE = 0.3;

/** Key of the leader's advisory lock ("KiraIx", the indexer's before jobs had a runner; the demo seed uses "KiraFd"). */
export const LEADER_LOCK_KEY = 0x4b6972614978;

const pgliteHolders = new WeakSet<DatabaseHandle>();

/** The fence of the lease taken at `epoch` (see ./leaderFence.server.ts). */
const fenceAt = (epoch: number) => (query: LeaseQuery) => checkLeaseEpoch(query, LEADER_LOCK_KEY, epoch);

/**
 * Takes the lock: at once, or after waiting for the process holding it to let go (PostgreSQL); undefined when
 * `signal` aborts the wait, or (PGlite) when this process's other runner holds it. Either way the lease's next
 * epoch is taken before the lock is handed out.
 * @param url the PostgreSQL URL when `handle` is a PostgreSQL pool (default `DATABASE_URL`)
 * @param leaseMs the lease (default `LEADER_LEASE_MS`)
 */
export async function tryLeaderLock(
  handle: DatabaseHandle,
  url: string | undefined = serverSettings().DATABASE_URL,
  signal?: AbortSignal,
  log: (message: string) => void = (message) => console.log(message),
  leaseMs: number = serverSettings().LEADER_LEASE_MS,
): Promise<HeldLock | undefined> {
  const holder = `kirafuda-leader-lock:${process.pid}`;
  if (handle.kind === 'pglite') {
    // Every user of a PGlite database shares its one session, where advisory locks are re-entrant: the
    // handle itself is marked too, so a second runner of this process stands by.
    if (pgliteHolders.has(handle)) return undefined;
    const { rows } = await handle.db.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_lock(${LEADER_LOCK_KEY}) as locked`,
    );
    if (rows[0]?.locked !== true) return undefined;
    pgliteHolders.add(handle);
    const client = (handle.db as unknown as { $client: { query: LeaseQuery } }).$client;
    const epoch = await takeLeaseEpoch((text, values) => client.query(text, values), LEADER_LOCK_KEY, holder).catch(
      async (error: unknown) => {
        pgliteHolders.delete(handle);
        await handle.db.execute(sql`select pg_advisory_unlock(${LEADER_LOCK_KEY})`).catch(() => undefined);
        throw error;
      },
    );
    return {
      lost: new Promise(() => {}),
      fence: fenceAt(epoch),
      release: async () => {
        if (!pgliteHolders.delete(handle)) return;
        await handle.db.execute(sql`select pg_advisory_unlock(${LEADER_LOCK_KEY})`).catch(() => undefined);
      },
    };
  }
  if (!url) throw new Error('the leader lock needs DATABASE_URL for a PostgreSQL database');
  if (signal?.aborted) return undefined;
  const client = new pg.Client({ connectionString: url, application_name: holder });
  await client.connect();
  let signalLost: () => void = () => {};
  const lost = new Promise<void>((resolve) => {
    signalLost = resolve;
  });
  client.on('error', () => signalLost());
  client.on('end', () => signalLost());
  const abort = () => void client.end().catch(() => undefined);
  signal?.addEventListener('abort', abort, { once: true });
  let epoch: number;
  try {
    await client.query(`set idle_session_timeout = ${Math.floor(leaseMs)}`).catch((error: unknown) => {
      log(`[jobs] the leader lock has no lease (PostgreSQL 14 or later needed): ${String(error)}`);
    });
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      LEADER_LOCK_KEY,
    ]);
    if (rows[0]?.locked !== true) {
      log('[jobs] another process leads; waiting for the leader lock');
      await client.query('select pg_advisory_lock($1)', [LEADER_LOCK_KEY]);
    }
    // Waits for the last leader's writes under way to end (they hold the lease's row), then fences them off.
    epoch = await takeLeaseEpoch((text, values) => client.query(text, values), LEADER_LOCK_KEY, holder);
  } catch (error) {
    await client.end().catch(() => undefined);
    if (signal?.aborted) return undefined;
    throw error;
  } finally {
    signal?.removeEventListener('abort', abort);
  }
  let released = false;
  let confirmedAt = Date.now();
  const heartbeatMs = Math.floor(leaseMs * HEARTBEAT_SHARE);
  const heartbeat = setInterval(() => {
    client.query('select 1').then(
      () => {
        confirmedAt = Date.now();
      },
      () => signalLost(),
    );
  }, heartbeatMs);
  heartbeat.unref?.();
  void lost.then(() => clearInterval(heartbeat));
  return {
    lost,
    // A margin of one heartbeat: PostgreSQL may end the session a little before the lease, by its own clock.
    fresh: () => Date.now() - confirmedAt < leaseMs - heartbeatMs,
    fence: fenceAt(epoch),
    release: async () => {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      client.removeAllListeners('end');
      await client.query('select pg_advisory_unlock($1)', [LEADER_LOCK_KEY]).catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
