/**
 * The ledger's job on the process's runner (../../server/jobs/runner.ts): the books are checked every ten
 * minutes in the leading process (./reconciliation.server.ts), besides before every payout request and review
 * and on every view of the admin's books, so a shortfall holds payouts even while nobody asks.
 */

import type { Database } from '~/server/db/types';
import type { JobRunner } from '~/server/jobs/runner';
import { reconcile } from './reconciliation.server';

/** How often the books are checked without a request. */
export const RECONCILE_EVERY_MS = 10 * 60_000;

/** Registers the job. */
export function registerLedgerJobs(runner: JobRunner, db: Database): void {
  runner.every('checking the books', { pollMs: RECONCILE_EVERY_MS, needsLock: true }, async () => {
    await reconcile(db);
  });
}
