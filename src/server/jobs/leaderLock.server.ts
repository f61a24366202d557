/**
 * One leader per database, which runs the jobs that must run once (./runner.ts `needsLock`: following the
 * chains, settling auctions): a PostgreSQL session advisory lock. On a PostgreSQL server the lock is held by a
 * connection of its own (a pooled connection could be handed to other work or closed while the lock lives on
 * it); if that connection drops, the lock is gone and `lost` fires. On PGlite (one connection, one process) the
 * lock is taken on the database itself.
 *
 * @see https://www.postgresql.org/docs/current/explicit-locking.html#ADVISORY-LOCKS
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from '~/server/db/types';
import type { HeldLock } from './runner';

/** Key of the leader's advisory lock ("KiraIx", the indexer's before jobs had a runner; the demo seed uses "KiraFd"). */
export const LEADER_LOCK_KEY = 0x4b6972614978;

const pgliteHolders = new WeakSet<DatabaseHandle>();

/**
 * Tries to take the lock once; undefined when another process holds it.
 * @param url the PostgreSQL URL when `handle` is a PostgreSQL pool (default `DATABASE_URL`)
 */
export async function tryLeaderLock(
  handle: DatabaseHandle,
  url: string | undefined = process.env['DATABASE_URL'],
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
  const client = new pg.Client({ connectionString: url, application_name: 'kirafuda-leader-lock' });
  await client.connect();
  let signalLost: () => void = () => {};
  const lost = new Promise<void>((resolve) => {
    signalLost = resolve;
  });
  client.on('error', () => signalLost());
  client.on('end', () => signalLost());
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      LEADER_LOCK_KEY,
    ]);
    if (rows[0]?.locked !== true) {
      await client.end();
      return undefined;
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  let released = false;
  return {
    lost,
    release: async () => {
      if (released) return;
      released = true;
      client.removeAllListeners('end');
      await client.query('select pg_advisory_unlock($1)', [LEADER_LOCK_KEY]).catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
