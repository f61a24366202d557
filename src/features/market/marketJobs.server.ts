/**
 * The market's background work on the leader: every hour, each collection's floor is recorded as today's
 * (./dailyStats.server.ts), so the daily floor series has a point for days without a sale.
 */
import type { Database } from '~/server/db/types';
import type { JobRunner } from '~/server/jobs/runner';
import { RECORD_FLOORS_EVERY_MS, recordAllFloors } from './dailyStats.server';

/** Registers the market's jobs on the leader's runner. */
export function registerMarketJobs(runner: JobRunner, db: Database): void {
  runner.every('recording the floors', { pollMs: RECORD_FLOORS_EVERY_MS, needsLock: true }, () => recordAllFloors(db));
}
