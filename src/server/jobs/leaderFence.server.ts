/**
 * The leader's fencing token. The leader lock (./leaderLock.server.ts) is a lease: a process that froze past it
 * has lost it, but does not know yet when it runs again, and a pass of its jobs may be half way through (it read
 * the chain before it froze and is about to write what it read). So each process that takes the lock also takes
 * the next epoch of the lease (`leader_leases`, one row per lock key), and every write of the leader's jobs first
 * checks, in its own transaction, that the lease is still at the epoch its pass began under
 * (`select ... for share`), refusing it otherwise. The row lock serialises that check with the next taker: a
 * new leader's epoch waits for the old leader's transactions under way to end (the idle-in-transaction limit ends a
 * frozen one within half the lease: ../db/transactionLimits.ts), and every one that starts later sees the new epoch.
 *
 * Why an epoch and not asking whether the lock's own connection still holds the advisory lock: that answer can
 * change between the check and the commit (the lock connection is ended while the write's transaction goes on),
 * while the epoch row cannot move under a transaction holding it.
 *
 * @see https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html (fencing tokens)
 */
import { guardedHandle } from '~/server/db/guardedPool';
import type { DatabaseHandle } from '~/server/db/types';
import { type LeaseQuery, passLease } from './runner';

/** A write refused because the lease it was begun under is no longer the current one. */
export class LeaseLostError extends Error {
  constructor(
    readonly epoch: number | undefined,
    readonly current: number | undefined,
  ) {
    super(
      epoch === undefined
        ? 'a leader job wrote outside a pass under the leader lock'
        : `this process lost the leader lease (it took epoch ${epoch}; the lease is at ${current ?? 'none'})`,
    );
    this.name = 'LeaseLostError';
  }
}

/** Takes the next epoch of lease `key` for `holder` (call it holding the lock); answers the epoch taken. */
export async function takeLeaseEpoch(query: LeaseQuery, key: number, holder: string): Promise<number> {
  const { rows } = await query(
    `insert into leader_leases (lock_key, epoch, holder) values ($1, 1, $2)
     on conflict (lock_key) do update set epoch = leader_leases.epoch + 1, holder = excluded.holder, taken_at = now()
     returning epoch`,
    [key, holder],
  );
  const epoch = Number(rows[0]?.['epoch']);
  if (!Number.isSafeInteger(epoch)) throw new Error(`no epoch taken for the lease ${key}`);
  return epoch;
}

/**
 * Throws {@link LeaseLostError} unless lease `key` is at `epoch`; when it is, its row stays locked (shared) until
 * the transaction `query` runs in ends, so no other process takes the lease meanwhile.
 */
export async function checkLeaseEpoch(query: LeaseQuery, key: number, epoch: number): Promise<void> {
  const { rows } = await query('select epoch from leader_leases where lock_key = $1 for share', [key]);
  const current = rows[0] === undefined ? undefined : Number(rows[0]['epoch']);
  if (current !== epoch) throw new LeaseLostError(epoch, current);
}

/**
 * The handle the leader's jobs write through: each transaction and write checks the lease of the job pass it runs
 * in (./runner.ts {@link passLease}); a write from outside such a pass is refused. A refusal is logged (stderr)
 * with the job's name: it means a process ran on after losing the lease, which an operator may want to know.
 */
export function fencedHandle(handle: DatabaseHandle): DatabaseHandle {
  return guardedHandle(handle, async (query) => {
    const pass = passLease();
    try {
      if (!pass) throw new LeaseLostError(undefined, undefined);
      await pass.lock.fence?.(query);
    } catch (error) {
      if (error instanceof LeaseLostError)
        console.warn(`[jobs] ${pass?.job ?? 'a leader job'}: a write was refused: ${error.message}`);
      throw error;
    }
  });
}
