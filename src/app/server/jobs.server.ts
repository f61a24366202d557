/**
 * What runs beside the requests, on one job runner per process (../jobs/runner.ts): the indexer's jobs (follow
 * each chain, re-check orders, settle auctions, the listing clock), the check of the books and the pruning of the
 * change log, under the leader lock, unless `INDEXER=off` leaves them to `npm run indexer`, with the yen rates'
 * reading (../../features/market/rates) and the hourly record of every collection's floor; card payments' jobs
 * (mint paid purchases, retry payment events) and the webhook outbox in every server process. Importing this module starts nothing: the
 * server entry and `npm run indexer` call {@link startBackgroundJobs}.
 *
 * Jobs poll slowly (nothing at rest) and changes wake the ones they make work for, wherever the change was
 * made (the change listener applies other processes' changes here too): a list changed (a new listing, a bid)
 * wakes the listing clock, the order checks and auction settlement.
 *
 * @see ../../../docs/operations.md (several processes)
 */
import { serverChains, serverEnvironment } from '~/features/chains/config.server';
import { registerDeveloperJobs } from '~/features/developers/developerJobs.server';
import { pruneChangeLog } from '~/features/events/changeLog.server';
import { observe } from '~/features/events/hub';
import { isCollectionTag, tag } from '~/features/events/tags';
import { INDEXER_WAKES, registerIndexerJobs } from '~/features/indexer/runIndexer.server';
import { registerLedgerJobs } from '~/features/ledger/ledgerJobs.server';
import { RANKING_JOB, registerMarketJobs } from '~/features/market/marketJobs.server';
import { configuredRateSource, registerRateJobs } from '~/features/market/rates/rates.server';
import { registerNotificationJobs } from '~/features/notifications/notificationJobs.server';
import { registerPaymentJobs } from '~/features/payments/paymentJobs.server';
import { platformFeeRecipient, platformPaymentAddress } from '~/features/trading/terms/platformAccounts.server';
import { leaderLeaseMs } from '~/server/db/transactionLimits';
import type { DatabaseHandle } from '~/server/db/types';
import { fencedHandle } from '~/server/jobs/leaderFence.server';
import { tryLeaderLock } from '~/server/jobs/leaderLock.server';
import { createJobRunner, type JobRunner } from '~/server/jobs/runner';

/** Whether `INDEXER` asks for no indexer in this process. */
export function indexerDisabled(env: Record<string, string | undefined> = process.env): boolean {
  return ['off', '0', 'false', 'no'].includes((env['INDEXER'] ?? '').trim().toLowerCase());
}

/** Which jobs a process runs: a web server's, or the indexer process's (no card payment jobs). */
export type JobsRole = 'server' | 'indexer';

/** How often the change log loses what no reconnecting process needs any more. */
const PRUNE_CHANGE_LOG_MS = 15 * 60_000;

/** Starts the process's jobs (see the module comment); answers the runner (its `stop` ends them all). */
export function startBackgroundJobs(
  handle: DatabaseHandle,
  role: JobsRole,
  env: Record<string, string | undefined> = process.env,
): JobRunner {
  const leads = role === 'indexer' || !indexerDisabled(env);
  const runner = createJobRunner(
    leads
      ? { tryLock: (signal) => tryLeaderLock(handle, env['DATABASE_URL'], signal, undefined, leaderLeaseMs(env)) }
      : {},
  );
  if (leads) {
    // The leader's jobs write through the fence: a pass that outlived its lease writes nothing.
    const leader = fencedHandle(handle);
    registerIndexerJobs(runner, {
      handle: leader,
      chains: serverChains(),
      environment: serverEnvironment(env),
      feeRecipient: platformFeeRecipient(env),
      paymentAddress: platformPaymentAddress(env),
      env,
    });
    registerLedgerJobs(runner, leader.db);
    registerRateJobs(runner, leader.db, configuredRateSource(env, serverChains(), serverEnvironment(env)));
    registerMarketJobs(runner, leader.db);
    if (handle.kind === 'postgres')
      runner.every('pruning the change log', { pollMs: PRUNE_CHANGE_LOG_MS, needsLock: true }, () =>
        pruneChangeLog(leader),
      );
  }
  if (role === 'server') registerPaymentJobs(runner, handle.db, env);
  if (role === 'server') registerNotificationJobs(runner, handle.db, env);
  if (role === 'server') registerDeveloperJobs(runner, handle.db, env);
  const unobserve = leads
    ? observe((tags) => {
        if (tags.includes(tag.market) || tags.includes(tag.allOffers))
          for (const name of INDEXER_WAKES) runner.wake(name);
        // A collection changed (cards issued, here or in another process): it may wait to be ranked.
        if (tags.some(isCollectionTag)) runner.wake(RANKING_JOB);
      })
    : () => {};
  runner.start();
  return {
    ...runner,
    stop: async () => {
      unobserve();
      await runner.stop();
    },
  };
}
