/**
 * The leader lease's epoch (on PGlite, as the embedded database runs it): each process that takes the lock takes
 * the next epoch, and a lock whose epoch was taken over is refused by its fence, while the current one passes.
 * The fence on PostgreSQL, between processes and under transactions, is tested in tests/postgres.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/db';
import { LeaseLostError } from './leaderFence.server';
import { LEADER_LOCK_KEY, tryLeaderLock } from './leaderLock.server';
import type { LeaseQuery } from './runner';

let database: TestDatabase;
let query: LeaseQuery;

beforeAll(async () => {
  database = await createTestDatabase({ url: '' });
  query = async (text, values) => {
    const client = (database.db as unknown as { $client: { query: LeaseQuery } }).$client;
    return client.query(text, values);
  };
});

afterAll(async () => {
  await database?.close();
});

describe('the leader lease', () => {
  it('takes the next epoch with each lock; the fence of a lock taken over refuses, the current one passes', async () => {
    const first = await tryLeaderLock(database, undefined, undefined, () => {});
    if (!first?.fence) throw new Error('no lock, or no fence');
    await first.fence(query);
    await first.release();
    const second = await tryLeaderLock(database, undefined, undefined, () => {});
    if (!second?.fence) throw new Error('no lock, or no fence');
    try {
      await expect(first.fence(query)).rejects.toBeInstanceOf(LeaseLostError);
      await expect(second.fence(query)).resolves.toBeUndefined();
      const { rows } = await database.db.execute<{ epoch: number; holder: string }>(
        sql`select epoch::int, holder from leader_leases where lock_key = ${LEADER_LOCK_KEY}`,
      );
      expect(rows).toEqual([{ epoch: 2, holder: `kirafuda-leader-lock:${process.pid}` }]);
    } finally {
      await second.release();
    }
  });
});
