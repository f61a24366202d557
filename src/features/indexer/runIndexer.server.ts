/**
 * The indexer's jobs on the one runner (../../server/jobs/runner.ts), all under the leader lock: each chain is
 * followed on its own (one whose RPC is down backs off, saying so once, while the others go on), its active
 * listings, offers and bids are re-checked (../trading/recheck/recheckOrders.server.ts) beside the block loop so that those reads never hold back new blocks,
 * its ended timed auctions are settled (../trading/auction/settleAuctions.server.ts), and the listings' start and
 * end times are followed (./listingClock.server.ts: ended ones are marked expired, both announced as changes).
 * {@link startIndexer} runs them alone (`npm run indexer`, tests); the web server registers them on its runner.
 */
import type { Address } from 'viem';
import type { DatabaseHandle } from '~/server/db/types';
import { fencedHandle } from '~/server/jobs/leaderFence.server';
import { tryLeaderLock } from '~/server/jobs/leaderLock.server';
import { createJobRunner, type JobRunner } from '~/server/jobs/runner';
import type { Settings } from '~/server/settings/schema';
import { serverSettings } from '~/server/settings/settings.server';
import type { ChainEnvironment } from '../chains/chainConfig';
import type { Chain } from '../chains/chains';
import { classifyChainError, publicClientFor } from '../chains/publicClients.server';
import { publishChange } from '../events/publish.server';
import { settleAuctions } from '../trading/auction/settleAuctions.server';
import { settlerAccount } from '../trading/orders/settler.server';
import { recheckOrders } from '../trading/recheck/recheckOrders.server';
import { zoneSignerAccount } from '../trading/zone/zoneSigner.server';
import { syncChain } from './indexChain.server';
import { indexerSettings } from './indexerSettings';
import { expireListings, listingsStarted, nextAuctionEnd, nextListingMoment } from './listingClock.server';

/** What the indexer's jobs need. */
export interface IndexerJobsOptions {
  handle: DatabaseHandle;
  chains: readonly Chain[];
  environment: ChainEnvironment;
  feeRecipient: Address | undefined;
  paymentAddress?: Address | undefined;
  /** Default: the server's settings. */
  settings?: Settings;
  log?: (message: string) => void;
}

/** Options of {@link startIndexer}. */
export interface StartIndexerOptions extends IndexerJobsOptions {
  /** How often a standby tries the lock, in ms (default 5 000). */
  lockRetryMs?: number;
}

/** A running indexer. */
export interface RunningIndexer {
  /** Resolves once the lock is held (never, for a standby that is stopped first). */
  locked: Promise<void>;
  stop: () => Promise<void>;
}

/**
 * The listing sweep looks again at least this often; it waits for the next moment a listing starts or ends, and a
 * change to the lists (a new listing) wakes it (../../server/serve/backgroundJobs.server.ts).
 */
const SWEEP_MAX_MS = 60_000;
const SWEEP_MIN_MS = 200;
/** Orders are re-checked about once a minute (ORDER_CHECK_INTERVAL_MS): the job looks this often for due ones. */
const RECHECK_EVERY_MS = 30_000;
/** Auction settlement looks at least this often; it waits for the next auction to end, or for a change. */
const SETTLE_MAX_MS = 60_000;
/** The jobs a change to the lists wakes (a new listing, bid or offer may be due sooner than they sleep). */
export const INDEXER_WAKES = ['listing clock', 're-checking orders', 'settling auctions'] as const;

/** A chain failure as one short reason (`unreachable`, `rpc-error`, or the message's first line). */
function chainFailure(error: unknown): Error {
  const kind = classifyChainError(error);
  if (kind !== 'unknown') return new Error(kind);
  const cause = (error as { cause?: { message?: string } }).cause?.message;
  const message = String((error as Error).message ?? error).split('\n')[0];
  return new Error(`${message}${cause ? ` (${cause})` : ''}`);
}

/** Registers the indexer's jobs (see the module comment) on `runner`. */
export function registerIndexerJobs(runner: JobRunner, options: IndexerJobsOptions): void {
  const { handle, chains, environment } = options;
  const server = options.settings ?? serverSettings();
  const log = options.log ?? ((message: string) => console.log(message));
  const account = settlerAccount(server);
  const zoneAccount = zoneSignerAccount(server);
  const zoneSigning =
    zoneAccount && options.feeRecipient
      ? { account: zoneAccount, settings: server, feeRecipient: options.feeRecipient }
      : undefined;
  for (const chain of chains) {
    const settings = indexerSettings(chain.key, environment, server);
    const client = publicClientFor(chain);
    /** The head the last complete pass reached: a pass that sees no new block asks the database nothing. */
    let indexedHead: bigint | undefined;
    runner.every(
      `${chain.chainName}: following blocks`,
      { pollMs: settings.pollMs, needsLock: true },
      async (control) => {
        try {
          const head = await client.getBlockNumber({ cacheTime: 0 });
          if (head === indexedHead) return;
          const ranges = await syncChain(handle.db, chain, {
            settings,
            feeRecipient: options.feeRecipient,
            paymentAddress: options.paymentAddress,
            stopped: control.stopping,
            client,
          });
          if (!control.stopping()) indexedHead = head;
          const events = ranges.reduce((sum, range) => sum + range.events, 0);
          if (events > 0) log(`[indexer] ${chain.chainName}: ${events} events up to block ${ranges.at(-1)?.to}`);
        } catch (error) {
          indexedHead = undefined;
          throw chainFailure(error);
        }
      },
    );
    runner.every(`${chain.chainName}: re-checking orders`, { pollMs: RECHECK_EVERY_MS, needsLock: true }, async () => {
      const changed = await recheckOrders(handle.db, chain, options.feeRecipient);
      if (changed.cards.length > 0) await publishChange({ cards: changed.cards });
      if (changed.offerCollections.length > 0) await publishChange({ offers: changed.offerCollections });
      // A bidder disqualified (and maybe a later end): the auctions' pages and grids change.
      if (changed.auctions.length > 0) await publishChange({ lists: true, allCards: true });
    });
    if (account) {
      const busyMs = Math.max(500, settings.pollMs);
      runner.every(`${chain.chainName}: settling auctions`, { pollMs: busyMs, needsLock: true }, async () => {
        const outcomes = await settleAuctions(handle.db, chain, account, { zone: zoneSigning });
        if (outcomes.some((outcome) => outcome.status !== 'pending'))
          await publishChange({ lists: true, allCards: true });
        // A settlement under way is followed closely; otherwise the next pass is when the next auction ends.
        if (outcomes.some((outcome) => outcome.status === 'pending' || outcome.status === 'settling')) return;
        const next = await nextAuctionEnd(handle.db, chain.chainId);
        const wait = next ? next.getTime() - Date.now() + 50 : SETTLE_MAX_MS;
        return { nextInMs: Math.min(SETTLE_MAX_MS, Math.max(busyMs, wait)) };
      });
    }
  }
  let since = new Date();
  runner.every('listing clock', { pollMs: SWEEP_MAX_MS, needsLock: true }, async () => {
    const now = new Date();
    const { expired, cardIds } = await expireListings(handle.db, now);
    const started = await listingsStarted(handle.db, since, now);
    if (expired > 0 || started.length > 0) await publishChange({ cards: [...cardIds, ...started], lists: true });
    since = now;
    const next = await nextListingMoment(handle.db, now);
    const wait = next ? next.getTime() - Date.now() + 50 : SWEEP_MAX_MS;
    return { nextInMs: Math.min(SWEEP_MAX_MS, Math.max(SWEEP_MIN_MS, wait)) };
  });
}

/**
 * Starts the indexer's jobs alone on a runner of their own, with the leader lock (see the module comment), writing
 * through the lease's fence (../../server/jobs/leaderFence.server.ts).
 */
export function startIndexer(options: StartIndexerOptions): RunningIndexer {
  const settings = options.settings ?? serverSettings();
  const runner = createJobRunner({
    tryLock: (signal) =>
      tryLeaderLock(options.handle, settings.DATABASE_URL, signal, options.log, settings.LEADER_LEASE_MS),
    ...(options.lockRetryMs === undefined ? {} : { lockRetryMs: options.lockRetryMs }),
    ...(options.log ? { log: options.log } : {}),
  });
  registerIndexerJobs(runner, { ...options, handle: fencedHandle(options.handle) });
  runner.start();
  return { locked: runner.leading, stop: runner.stop };
}
