/**
 * How long a PostgreSQL connection of the server may wait or hold: each pool connection starts with
 * `statement_timeout`, `lock_timeout` and `idle_in_transaction_session_timeout` set (sent with the connection's
 * start, no extra round trip), so no transaction holds rows for long whatever happens to the process that opened
 * it. The one that matters most is the idle-in-transaction limit: a process frozen inside a transaction (stopped,
 * starved, cut off) keeps its row locks until PostgreSQL ends its session, and that is half the leader's lease
 * (`LEADER_LEASE_MS`, default 20 s), so a frozen leader's locks are gone before another process takes the lease
 * over and needs the same rows. A request that runs into a limit answers 503 with `Retry-After`
 * (./unavailable.ts); its transaction was rolled back.
 *
 * The embedded database has one process and one session: no limits there.
 *
 * @see https://www.postgresql.org/docs/current/runtime-config-client.html#GUC-STATEMENT-TIMEOUT
 * @see ../jobs/leaderLock.server.ts, ../../../docs/operations.md (PostgreSQL and scaling out)
 */
import type { Settings } from '../settings/schema.ts';

/** A statement running longer is cancelled (the longest the jobs run, over a large catalogue, take seconds). */
export const STATEMENT_TIMEOUT_MS = 60_000;
/** A statement waiting longer for a row or table lock is cancelled (another transaction holds it too long). */
export const LOCK_TIMEOUT_MS = 10_000;

/** The limits of one connection, in ms, as node-postgres takes them (see the module comment). */
export interface TransactionLimits {
  statement_timeout: number;
  lock_timeout: number;
  idle_in_transaction_session_timeout: number;
}

/**
 * The limits every PostgreSQL connection of the pool starts with (see the module comment), from the leader's lease
 * (`LEADER_LEASE_MS`: how long the leader lock outlives its holder's last sign of life).
 */
export function transactionLimits(settings: Pick<Settings, 'LEADER_LEASE_MS'>): TransactionLimits {
  return {
    statement_timeout: STATEMENT_TIMEOUT_MS,
    lock_timeout: LOCK_TIMEOUT_MS,
    idle_in_transaction_session_timeout: Math.floor(settings.LEADER_LEASE_MS / 2),
  };
}
