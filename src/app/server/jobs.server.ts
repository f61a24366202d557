/**
 * What runs beside the requests, on one job runner per process (../jobs/runner.ts): the indexer's jobs (follow
 * each chain) and trading's (re-check orders, settle auctions, listing clock), the books' check, the pruning of the
 * change log, under the leader lock, unless `INDEXER=off` leaves them to `npm run indexer`, with the yen rates'
 * reading (../../features/market/rates) and the hourly record of every collection's floor; card payments' jobs
 * (mint paid purchases, retry payment events) and the webhook outbox in every server process. Importing this module starts nothing: the
 * server entry and `npm run indexer` call {@link startBackgroundJobs}.
 *
 * Each job returns the change it made (or says each committed step's at once) and this runner publishes it
 * (../../features/events/publish.server.ts): no job announces its own changes.
 *
 * Jobs poll slowly (nothing at rest) and changes wake the ones they make work for, wherever the change was
 * made (the change listener applies other processes' changes here too): a list changed (a new listing, a bid)
 * wakes the listing clock, the order checks, auction settlement and the chains' followers (which slow down while
 * their chain makes no block); any change wakes the webhook outbox (which slows down while it has nothing to send).
 *
 * @see ../../../docs/operations.md (several processes)
 */
import { refreshPriceRanks } from '~/features/catalogue/cardWrites.server';
import { serverChains, serverEnvironment } from '~/features/chains/config.server';
import { registerDeveloperJobs, WEBHOOK_JOB } from '~/features/developers/developerJobs.server';
import { pruneChangeLog } from '~/features/events/changeLog.server';
import { observe } from '~/features/events/hub';
import { publishChange } from '~/features/events/publish.server';
import { type Change, isCollectionTag, tag } from '~/features/events/tags';
import { indexerSettings } from '~/features/indexer/indexerSettings';
import { FOLLOWING_BLOCKS, registerIndexerJobs } from '~/features/indexer/runIndexer.server';
import { registerMetadataJobs } from '~/features/issuance/metadataJobs.server';
import { registerLedgerJobs } from '~/features/ledger/ledgerJobs.server';
import { RANKING_JOB, registerMarketJobs } from '~/features/market/marketJobs.server';
import { configuredRateSource, registerRateJobs } from '~/features/market/rates/rates.server';
import { mediaSettings } from '~/features/media/mediaSettings.server';
import { registerPinningJobs } from '~/features/media/pinning/pinningJobs.server';
import { registerNotificationJobs } from '~/features/notifications/notificationJobs.server';
import { registerPaymentJobs } from '~/features/payments/paymentJobs.server';
import { registerTradingJobs, TRADING_WAKES } from '~/features/trading/jobs/tradingJobs.server';
import { platformFeeRecipient, platformPaymentAddress } from '~/features/trading/terms/platformAccounts.server';
import { ANALYZE_EVERY_MS, analyzeChangedTables } from '~/server/db/plannerStatistics';
import type { DatabaseHandle } from '~/server/db/types';
import { fencedHandle } from '~/server/jobs/leaderFence.server';
import { tryLeaderLock } from '~/server/jobs/leaderLock.server';
import { createJobRunner, type JobRunner } from '~/server/jobs/runner';
import type { Settings } from '~/server/settings/schema';
import { serverSettings } from '~/server/settings/settings.server';

/** Which jobs a process runs: a web server's, or the indexer process's (no card payment jobs). */
export type JobsRole = 'server' | 'indexer';

/** How often the change log loses what no reconnecting process needs any more. */
const PRUNE_CHANGE_LOG_MS = 15 * 60_000;

/** Starts the process's jobs (see the module comment); answers the runner (its `stop` ends them all). */
export function startBackgroundJobs(
  handle: DatabaseHandle,
  role: JobsRole,
  settings: Settings = serverSettings(),
): JobRunner<Change> {
  const leads = role === 'indexer' || settings.INDEXER;
  // Read first: a bad PINNING_SERVICES or MEDIA_S3_URL stops the start, naming the variable.
  const media = mediaSettings(settings);
  // The jobs return the changes they make; the runner announces them (pages, live pages, other processes).
  const runner = createJobRunner<Change>({
    publish: publishChange,
    ...(leads
      ? {
          tryLock: (signal) =>
            tryLeaderLock(handle, settings.DATABASE_URL, signal, undefined, settings.LEADER_LEASE_MS),
        }
      : {}),
  });
  if (leads) {
    // The leader's jobs write through the fence: a pass that outlived its lease writes nothing.
    const leader = fencedHandle(handle);
    registerIndexerJobs(runner, {
      handle: leader,
      chains: serverChains(),
      environment: serverEnvironment(settings),
      feeRecipient: platformFeeRecipient(settings),
      paymentAddress: platformPaymentAddress(settings),
      settings,
    });
    registerTradingJobs(runner, {
      db: leader.db,
      chains: serverChains(),
      feeRecipient: platformFeeRecipient(settings),
      pollMsOf: (chain) => indexerSettings(chain.key, serverEnvironment(settings), settings).pollMs,
      settings,
    });
    registerLedgerJobs(runner, leader.db);
    // After each reading, the listed cards rank again in the price orders at the rates now fresh.
    registerRateJobs(
      runner,
      leader.db,
      configuredRateSource(settings, serverChains(), serverEnvironment(settings)),
      async () => (await refreshPriceRanks(leader.db)) > 0,
    );
    registerMarketJobs(runner, leader.db);
    registerMetadataJobs(runner, leader.db, serverChains(), settings);
    if (handle.kind === 'postgres')
      runner.every('pruning the change log', { pollMs: PRUNE_CHANGE_LOG_MS, needsLock: true }, () =>
        pruneChangeLog(leader),
      );
    // The embedded database has no autovacuum: the leader keeps the planner's statistics as it would.
    if (handle.kind === 'pglite')
      runner.every('analysing changed tables', { pollMs: ANALYZE_EVERY_MS, needsLock: true }, async () => {
        await analyzeChangedTables(leader.db);
      });
  }
  if (role === 'server') registerPaymentJobs(runner, handle.db, settings);
  if (role === 'server') registerNotificationJobs(runner, handle.db, settings);
  if (role === 'server') registerPinningJobs(runner, handle.db, media);
  if (role === 'server') registerDeveloperJobs(runner, handle.db, settings);
  const unobserveLeader = leads
    ? observe((tags) => {
        if (tags.includes(tag.market) || tags.includes(tag.allOffers)) {
          for (const name of TRADING_WAKES) runner.wake(name);
          // The chains at rest are looked at again at once: what changed may have sent a transaction.
          runner.wake(FOLLOWING_BLOCKS);
        }
        // A collection changed (cards issued, here or in another process): it may wait to be ranked.
        if (tags.some(isCollectionTag)) runner.wake(RANKING_JOB);
      })
    : () => {};
  // Every change may have recorded a fact for the webhooks: the outbox resting between looks wakes.
  const unobserveServer = role === 'server' ? observe(() => runner.wake(WEBHOOK_JOB)) : () => {};
  const unobserve = () => {
    unobserveLeader();
    unobserveServer();
  };
  runner.start();
  return {
    ...runner,
    stop: async () => {
      unobserve();
      await runner.stop();
    },
  };
}
