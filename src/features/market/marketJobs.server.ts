/**
 * The market's background work on the leader: every hour, each collection's floor is recorded as today's
 * (./dailyStats.server.ts), so the daily floor series has a point for days without a sale; and collections whose
 * cards changed are ranked again (./rarity.server.ts), woken by the change that queued them (any process's, see
 * ../../server/serve/backgroundJobs.server.ts), else every {@link RANKING_FALLBACK_MS}. The ranking pass returns the
 * change of the collections it ranked; the runner publishes it.
 */
import type { Change } from '~/features/events/tags';
import type { Database } from '~/server/db/types';
import type { JobRunner } from '~/server/jobs/runner';
import { RECORD_FLOORS_EVERY_MS, recordAllFloors } from './dailyStats.server';
import { rankQueuedCollections } from './rarity.server';

/** The ranking job's name (woken when a collection changes). */
export const RANKING_JOB = 'ranking collections';
/** The ranking job's pass when nothing woke it, in ms (an idle server reads its queue once a minute). */
export const RANKING_FALLBACK_MS = 60_000;

/** Registers the market's jobs on the leader's runner. */
export function registerMarketJobs(runner: JobRunner<Change>, db: Database): void {
  runner.every('recording the floors', { pollMs: RECORD_FLOORS_EVERY_MS, needsLock: true }, () => recordAllFloors(db));
  runner.every(RANKING_JOB, { pollMs: RANKING_FALLBACK_MS, needsLock: true }, async () => {
    const { ranked, nextDueInMs } = await rankQueuedCollections(db);
    // Collection pages sorted by rarity show the new order; each token page of those collections its new rank.
    const change = ranked.length > 0 ? { collections: ranked, collectionCards: ranked } : undefined;
    return { change, nextInMs: nextDueInMs };
  });
}
