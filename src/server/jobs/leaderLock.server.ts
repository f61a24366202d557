/**
 * One leader per database, which runs the jobs that must run once (./runner.ts `needsLock`: following the
 * chains, settling auctions): a PostgreSQL session advisory lock. On a PostgreSQL server the lock is held by a
 * connection of its own (a pooled connection could be handed to other work or closed while the lock lives on
 * it); if that connection drops, the lock is gone and `lost` fires. A standby waits on its own connection
 * (`pg_advisory_lock`, no polling) and gets the lock the moment it is free.
 *
 * The lock is a lease: its connection has an `idle_session_timeout` of {@link LEASE_MS} and the holder confirms
 * it every {@link HEARTBEAT_MS}. A holder that stops answering (frozen, starved, cut off) goes idle, PostgreSQL
 * ends its session after the lease, and a standby takes over; the holder, should it run again, finds its lock
 * not `fresh` (no confirmation within the lease) before its next pass and learns it lost it. On PGlite (one
 * connection, one process) the lock is taken on the database itself.
 *
 * @see https://www.postgresql.org/docs/current/explicit-locking.html#ADVISORY-LOCKS
 * @see https://www.postgresql.org/docs/current/runtime-config-client.html#GUC-IDLE-SESSION-TIMEOUT
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '~/server/db/types';
import type { HeldLock } from './runner';

/** How long the lock outlives its holder's last sign of life (PostgreSQL ends the idle session then). */
export const LEASE_MS = 20_000;
/** How often the holder confirms the lock. */
export const HEARTBEAT_MS = 6_000;

/** Key of the leader's advisory lock ("KiraIx", the indexer's before jobs had a runner; the demo seed uses "KiraFd"). */
export const LEADER_LOCK_KEY = 0x4b6972614978;

const pgliteHolders = new WeakSet<DatabaseHandle>();

/**
 * Takes the lock: at once, or after waiting for the process holding it to let go (PostgreSQL); undefined when
 * `signal` aborts the wait, or (PGlite) when this process's other runner holds it.
 * @param url the PostgreSQL URL when `handle` is a PostgreSQL pool (default `DATABASE_URL`)
 */
export async function tryLeaderLock(
  handle: DatabaseHandle,
  url: string | undefined = process.env['DATABASE_URL'],
  signal?: AbortSignal,
  log: (message: string) => void = (message) => console.log(message),
): Promise<HeldLock | undefined> {
  if (handle.kind === 'pglite') {
    // Every user of a PGlite database shares its one session, where advisory locks are re-entrant: the
    // handle itself is marked too, so a second runner of this process stands by.
    if (pgliteHolders.has(handle)) return undefined;
    const { rows } = await handle.db.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_lock(${LEADER_LOCK_KEY}) as locked`,
    );
    if (rows[0]?.locked !== true) return undefined;
    pgliteHolders.add(handle);
    return {
      lost: new Promise(() => {}),
      release: async () => {
        if (!pgliteHolders.delete(handle)) return;
        await handle.db.execute(sql`select pg_advisory_unlock(${LEADER_LOCK_KEY})`).catch(() => undefined);
      },
    };
  }
  if (!url) throw new Error('the leader lock needs DATABASE_URL for a PostgreSQL database');
  if (signal?.aborted) return undefined;
  const client = new pg.Client({ connectionString: url, application_name: `kirafuda-leader-lock:${process.pid}` });
  await client.connect();
  let signalLost: () => void = () => {};
  const lost = new Promise<void>((resolve) => {
    signalLost = resolve;
  });
  client.on('error', () => signalLost());
  client.on('end', () => signalLost());
  const abort = () => void client.end().catch(() => undefined);
  signal?.addEventListener('abort', abort, { once: true });
  try {
    await client.query(`set idle_session_timeout = ${LEASE_MS}`).catch((error: unknown) => {
      log(`[jobs] the leader lock has no lease (PostgreSQL 14 or later needed): ${String(error)}`);
    });
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      LEADER_LOCK_KEY,
    ]);
    if (rows[0]?.locked !== true) {
      log('[jobs] another process leads; waiting for the leader lock');
      await client.query('select pg_advisory_lock($1)', [LEADER_LOCK_KEY]);
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    if (signal?.aborted) return undefined;
    throw error;
  } finally {
    signal?.removeEventListener('abort', abort);
  }
  let released = false;
  let confirmedAt = Date.now();
  const heartbeat = setInterval(() => {
    client.query('select 1').then(
      () => {
        confirmedAt = Date.now();
      },
      () => signalLost(),
    );
  }, HEARTBEAT_MS);
  heartbeat.unref?.();
  void lost.then(() => clearInterval(heartbeat));
  return {
    lost,
    // A margin of one heartbeat: PostgreSQL may end the session a little before the lease, by its own clock.
    fresh: () => Date.now() - confirmedAt < LEASE_MS - HEARTBEAT_MS,
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
