/**
 * The indexer loop: takes the advisory lock (waiting as a standby while another instance holds it), then
 * follows every configured chain on its own: one chain whose RPC is down backs off and retries (up to a
 * minute apart, saying so once) while the others go on. It also follows the listings' start and end times
 * (./listingClock.server.ts: ended ones are marked expired, and both are announced as changes), and re-checks
 * active listings, offers and bids (../trading/recheckOrders.server.ts). When the lock's database
 * connection ends, it stops following and stands by for the lock again. `stop()` lets the range in progress finish, then releases the lock.
 *
 */
import type { Address } from 'viem';
import type { DatabaseHandle } from '~/server/db/types';
import type { ChainEnvironment } from '../chains/chainConfig';
import type { Chain } from '../chains/chains';
import { classifyChainError } from '../chains/publicClients.server';
import { publishChange } from '../events/publish.server';
import { settleAuctions } from '../trading/auction/settleAuctions.server';
import { settlerAccount } from '../trading/orders/settler.server';
import { recheckOrders as recheckChain } from '../trading/recheckOrders.server';
import { syncChain } from './indexChain.server';
import { type IndexerLock, tryIndexerLock } from './indexerLock.server';
import { indexerSettings } from './indexerSettings';
import { expireListings, listingsStarted, nextListingMoment } from './listingClock.server';

/** Options of {@link startIndexer}. */
export interface StartIndexerOptions {
  handle: DatabaseHandle;
  chains: readonly Chain[];
  environment: ChainEnvironment;
  feeRecipient: Address | undefined;
  paymentAddress?: Address | undefined;
  env?: Record<string, string | undefined>;
  /** How often a standby tries the lock, in ms (default 5 000). */
  lockRetryMs?: number;
  log?: (message: string) => void;
}

/** A running indexer. */
export interface RunningIndexer {
  /** Resolves once the lock is held (never, for a standby that is stopped first). */
  locked: Promise<void>;
  stop: () => Promise<void>;
}

const MAX_BACKOFF_MS = 60_000;
/** The listing sweep looks again at least this often (a new listing may end sooner than the one it waits for). */
const SWEEP_MAX_MS = 5_000;
const SWEEP_MIN_MS = 200;

/** A sleep that `wake()` ends early; once woken for good (`stop`), it sleeps no more. */
function sleeper() {
  let wake: () => void = () => {};
  let over = false;
  return {
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        if (over) {
          resolve();
          return;
        }
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    wake: () => wake(),
    end: () => {
      over = true;
      wake();
    },
  };
}

/** Starts the indexer (see the module comment). */
export function startIndexer(options: StartIndexerOptions): RunningIndexer {
  const { handle, chains, environment } = options;
  const log = options.log ?? ((message: string) => console.log(message));
  const env = options.env ?? process.env;
  let stopped = false;
  const sleepers = new Set<ReturnType<typeof sleeper>>();
  let markLocked: () => void = () => {};
  const locked = new Promise<void>((resolve) => {
    markLocked = resolve;
  });

  /** Sleeps unless stopped; `end()` on every sleeper wakes them all for good. */
  const napper = () => {
    const nap = sleeper();
    sleepers.add(nap);
    return nap;
  };

  /** One session of holding the lock: ends on stop, or when the lock's connection is lost. */
  interface Session {
    halted: boolean;
  }
  const running = (session: Session) => !stopped && !session.halted;

  const followChain = async (chain: Chain, session: Session): Promise<void> => {
    const settings = indexerSettings(chain.key, environment, env);
    const nap = napper();
    let failures = 0;
    while (running(session)) {
      try {
        const ranges = await syncChain(handle.db, chain, {
          settings,
          feeRecipient: options.feeRecipient,
          paymentAddress: options.paymentAddress,
          stopped: () => !running(session),
        });
        if (failures > 0) log(`[indexer] ${chain.chainName}: answering again`);
        failures = 0;
        const events = ranges.reduce((sum, range) => sum + range.events, 0);
        if (events > 0) log(`[indexer] ${chain.chainName}: ${events} events up to block ${ranges.at(-1)?.to}`);
        await nap.sleep(settings.pollMs);
      } catch (error) {
        failures += 1;
        if (failures === 1) {
          const kind = classifyChainError(error);
          const cause = (error as { cause?: { message?: string } }).cause?.message;
          const message = String((error as Error).message ?? error).split('\n')[0];
          const reason = kind === 'unknown' ? `${message}${cause ? ` (${cause})` : ''}` : kind;
          log(`[indexer] ${chain.chainName}: ${reason}; retrying (${MAX_BACKOFF_MS / 1000} s apart at most)`);
        }
        await nap.sleep(Math.min(MAX_BACKOFF_MS, settings.pollMs * 2 ** Math.min(failures, 10)));
      }
    }
    sleepers.delete(nap);
  };

  /**
   * Re-checks the chain's active listings, offers and bids (../trading/recheckOrders.server.ts) beside the
   * block loop, so that up
   * to a hundred order reads never hold back the recording of new blocks, and a failing read backs off here
   * only.
   */
  const recheckOrders = async (chain: Chain, session: Session): Promise<void> => {
    const { pollMs } = indexerSettings(chain.key, environment, env);
    const nap = napper();
    let failures = 0;
    while (running(session)) {
      try {
        const changed = await recheckChain(handle.db, chain, options.feeRecipient);
        if (changed.cards.length > 0) await publishChange({ cards: changed.cards });
        if (changed.offerCollections.length > 0) await publishChange({ offers: changed.offerCollections });
        // A bidder disqualified (and maybe a later end): the auctions' pages and grids change.
        if (changed.auctions.length > 0) await publishChange({ lists: true, allCards: true });
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures === 1) log(`[indexer] ${chain.chainName}: re-checking listings failed: ${error}`);
      }
      await nap.sleep(Math.min(MAX_BACKOFF_MS, pollMs * 2 ** Math.min(failures, 10)));
    }
    sleepers.delete(nap);
  };

  /** Settles the chain's ended timed auctions (../trading/auction/settleAuctions.server.ts) under the lock. */
  const settleEnded = async (chain: Chain, session: Session): Promise<void> => {
    const account = settlerAccount(env);
    if (!account) return;
    const { pollMs } = indexerSettings(chain.key, environment, env);
    const nap = napper();
    let failures = 0;
    while (running(session)) {
      try {
        const outcomes = await settleAuctions(handle.db, chain, account);
        if (outcomes.some((outcome) => outcome.status !== 'pending'))
          await publishChange({ lists: true, allCards: true });
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures === 1) log(`[indexer] ${chain.chainName}: settling auctions failed: ${error}`);
      }
      await nap.sleep(Math.min(MAX_BACKOFF_MS, Math.max(500, pollMs) * 2 ** Math.min(failures, 10)));
    }
    sleepers.delete(nap);
  };

  /** Follows the listings' own moments (./listingClock.server.ts): sleeps until the next, 5 s at most. */
  const sweepListings = async (session: Session): Promise<void> => {
    const nap = napper();
    let since = new Date();
    while (running(session)) {
      const now = new Date();
      let next: Date | undefined;
      try {
        const { expired, cardIds } = await expireListings(handle.db, now);
        const started = await listingsStarted(handle.db, since, now);
        if (expired > 0 || started.length > 0) await publishChange({ cards: [...cardIds, ...started], lists: true });
        since = now;
        next = await nextListingMoment(handle.db, now);
      } catch (error) {
        log(`[indexer] following listing start and end times failed: ${error}`);
      }
      const wait = next ? next.getTime() - Date.now() + 50 : SWEEP_MAX_MS;
      await nap.sleep(Math.min(SWEEP_MAX_MS, Math.max(SWEEP_MIN_MS, wait)));
    }
    sleepers.delete(nap);
  };

  /** Takes the lock, standing by while another instance holds it; undefined once stopped. */
  const acquire = async (): Promise<IndexerLock | undefined> => {
    const nap = napper();
    let said = false;
    try {
      while (!stopped) {
        const lock = await tryIndexerLock(handle, env['DATABASE_URL']).catch((error: unknown) => {
          log(`[indexer] could not take the lock: ${error}`);
          return undefined;
        });
        if (lock) return lock;
        if (!said) log('[indexer] another indexer holds the lock; standing by');
        said = true;
        await nap.sleep(options.lockRetryMs ?? 5_000);
      }
      return undefined;
    } finally {
      sleepers.delete(nap);
    }
  };

  const run = (async () => {
    for (;;) {
      const lock = await acquire();
      if (!lock) return;
      if (stopped) {
        await lock.release();
        return;
      }
      markLocked();
      log(`[indexer] following ${chains.map((chain) => chain.chainName).join(', ')}`);
      const session: Session = { halted: false };
      void lock.lost.then(() => {
        if (stopped) return;
        log('[indexer] lost the lock (its database connection ended); standing by again');
        session.halted = true;
        for (const nap of sleepers) nap.end();
      });
      await Promise.all([
        ...chains.map((chain) => followChain(chain, session)),
        ...chains.map((chain) => recheckOrders(chain, session)),
        ...chains.map((chain) => settleEnded(chain, session)),
        sweepListings(session),
      ]);
      await lock.release();
      if (stopped) return;
    }
  })();

  return {
    locked,
    stop: async () => {
      stopped = true;
      for (const nap of sleepers) nap.end();
      await run;
    },
  };
}
