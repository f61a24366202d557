/**
 * The indexer's jobs on the one runner (../../server/jobs/runner.ts), under the leader lock: each chain is followed
 * on its own (one whose RPC is down backs off, saying so once, while the others go on), and each range of blocks it
 * commits is said at once through its pass's `control.changed` (the runner publishes it), so pages follow a long
 * catch-up range by range. Trading's jobs (re-checking orders, settling auctions, the listing clock:
 * ../trading/jobs/tradingJobs.server.ts) run beside them: the composition root registers both, and
 * {@link startIndexer} runs both alone (tests).
 */
import type { Address } from 'viem';
import type { ChainEnvironment } from '~/features/chains/chainConfig';
import type { Chain } from '~/features/chains/chains';
import { classifyChainError, publicClientFor } from '~/features/chains/publicClients.server';
import type { Change } from '~/features/events/tags';
import { registerTradingJobs } from '~/features/trading/jobs/tradingJobs.server';
import type { DatabaseHandle } from '~/server/db/types';
import { idleBackoff } from '~/server/jobs/idleBackoff';
import { fencedHandle } from '~/server/jobs/leaderFence.server';
import { tryLeaderLock } from '~/server/jobs/leaderLock.server';
import { createJobRunner, type JobRunner } from '~/server/jobs/runner';
import type { Settings } from '~/server/settings/schema';
import { serverSettings } from '~/server/settings/settings.server';
import { syncChain } from './indexChain.server';
import { indexerSettings } from './indexerSettings';

/** The name each chain's job ends with (`Ethereum: following blocks`), for `wake`. */
export const FOLLOWING_BLOCKS = 'following blocks';
/** The longest wait between two looks at a chain whose head has not moved, in ms. */
export const IDLE_MAX_MS = 8_000;

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
  /** Announces the changes the jobs make (the process's publisher). */
  publish: (change: Change) => Promise<void>;
}

/** A running indexer. */
export interface RunningIndexer {
  /** Resolves once the lock is held (never, for a standby that is stopped first). */
  locked: Promise<void>;
  stop: () => Promise<void>;
}

/** A chain failure as one short reason (`unreachable`, `rpc-error`, or the message's first line). */
function chainFailure(error: unknown): Error {
  const kind = classifyChainError(error);
  if (kind !== 'unknown') return new Error(kind);
  const cause = (error as { cause?: { message?: string } }).cause?.message;
  const message = String((error as Error).message ?? error).split('\n')[0];
  return new Error(`${message}${cause ? ` (${cause})` : ''}`);
}

/** Registers the indexer's jobs (see the module comment) on `runner`. */
export function registerIndexerJobs(runner: JobRunner<Change>, options: IndexerJobsOptions): void {
  const { handle, chains, environment } = options;
  const server = options.settings ?? serverSettings();
  const log = options.log ?? ((message: string) => console.log(message));
  for (const chain of chains) {
    const settings = indexerSettings(chain.key, environment, server);
    const client = publicClientFor(chain);
    /** The head the last complete pass reached: a pass that sees no new block asks the database nothing. */
    let indexedHead: bigint | undefined;
    // A chain without new blocks (a local one at rest) is asked less and less often, up to sixteen intervals and
    // IDLE_MAX_MS at most; a change to the market (a listing, a purchase sent) wakes it (../../app/server/jobs.server.ts).
    const idle = idleBackoff(settings.pollMs, Math.min(IDLE_MAX_MS, settings.pollMs * 16));
    runner.every(
      `${chain.chainName}: ${FOLLOWING_BLOCKS}`,
      { pollMs: settings.pollMs, needsLock: true },
      async (control) => {
        try {
          const head = await client.getBlockNumber({ cacheTime: 0 });
          if (head === indexedHead) return { nextInMs: idle.next(false) };
          idle.next(true);
          const ranges = await syncChain(handle.db, chain, {
            settings,
            feeRecipient: options.feeRecipient,
            paymentAddress: options.paymentAddress,
            stopped: control.stopping,
            changed: control.changed,
            client,
          });
          if (!control.stopping()) indexedHead = head;
          const events = ranges.reduce((sum, range) => sum + range.events, 0);
          if (events > 0) log(`[indexer] ${chain.chainName}: ${events} events up to block ${ranges.at(-1)?.to}`);
          return undefined;
        } catch (error) {
          indexedHead = undefined;
          throw chainFailure(error);
        }
      },
    );
  }
}

/**
 * Starts the indexer's jobs and trading's alone on a runner of their own, with the leader lock (see the module
 * comment), writing through the lease's fence (../../server/jobs/leaderFence.server.ts).
 */
export function startIndexer(options: StartIndexerOptions): RunningIndexer {
  const settings = options.settings ?? serverSettings();
  const runner = createJobRunner<Change>({
    publish: options.publish,
    tryLock: (signal) =>
      tryLeaderLock(options.handle, settings.DATABASE_URL, signal, options.log, settings.LEADER_LEASE_MS),
    ...(options.lockRetryMs === undefined ? {} : { lockRetryMs: options.lockRetryMs }),
    ...(options.log ? { log: options.log } : {}),
  });
  const handle = fencedHandle(options.handle);
  registerIndexerJobs(runner, { ...options, handle });
  registerTradingJobs(runner, {
    db: handle.db,
    chains: options.chains,
    feeRecipient: options.feeRecipient,
    pollMsOf: (chain) => indexerSettings(chain.key, options.environment, settings).pollMs,
    settings,
  });
  runner.start();
  return { locked: runner.leading, stop: runner.stop };
}
