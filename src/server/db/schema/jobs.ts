/**
 * What the background jobs keep in the database: the leader's lease epoch, the fencing token of the jobs that run
 * in one process at a time (../../jobs/leaderFence.server.ts).
 *
 * @see ../../jobs/leaderLock.server.ts
 */
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * One row per leader lock (its advisory lock key): `epoch` grows by one each time a process takes the lock, and
 * every write of the leader's jobs checks, in its own transaction, that it is still the epoch it took.
 */
export const leaderLeases = pgTable('leader_leases', {
  lockKey: bigint('lock_key', { mode: 'number' }).primaryKey(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  /** Who took it last (`application_name` of its lock connection: `kirafuda-leader-lock:{pid}`), for operators. */
  holder: text('holder').notNull(),
  takenAt: timestamptz('taken_at').notNull().defaultNow(),
});
