/**
 * How the indexer follows each chain: how many blocks it stays behind the head (confirmation depth, so a
 * short reorganisation never reaches the database), how many blocks one `eth_getLogs` covers, how often it
 * polls, and where a chain with no stored cursor starts.
 *
 * Settings (all optional): `INDEXER_CONFIRMATIONS`, `INDEXER_BATCH_BLOCKS`, `INDEXER_POLL_MS` (every
 * chain), `INDEXER_START_BLOCK_<KEY>` (e.g. `INDEXER_START_BLOCK_ETH=21000000`: first block of a chain
 * without a cursor; by default local chains start at 0 and others at the confirmed head, as a new
 * deployment has no history to read), `FINALITY_BLOCKS_<KEY>` (the depth at which payable money becomes
 * available; defaults below, 0 on local chains).
 *
 * @see docs/architecture.md "Chain data"
 */

import type { ChainEnvironment } from '~/features/chains/chainConfig';
import type { ChainKey } from '~/features/chains/chainKey';
import type { Settings } from '~/server/settings/schema';

/** The settings of one chain. */
export interface IndexerSettings {
  confirmations: number;
  /**
   * Blocks after which a block is final for money: payable money a fill proved becomes available to request
   * only once its block is this deep (at least `confirmations`).
   */
  finalityBlocks: number;
  batchBlocks: number;
  pollMs: number;
  /** First block of a chain with no cursor; `'head'` = the confirmed head when first seen. */
  startBlock: bigint | 'head';
}

/**
 * Confirmation depth per chain on public networks: Ethereum's 12 (about 2.5 minutes), BNB Chain's 15,
 * Kaia's 2 (single-slot finality), Polygon PoS's 64 (deep enough for the reorgs seen before its 2024
 * finality upgrade).
 */
export const PUBLIC_CONFIRMATIONS: Readonly<Record<ChainKey, number>> = { ETH: 12, BSC: 15, KLAYTN: 2, POLYGON: 64 };

/**
 * Finality depth per chain on public networks, for money (payable revenue waits until its block is this deep):
 * Ethereum's 64 (two epochs: Casper FFG finalises a block after two justified epochs, about 13 minutes), BNB
 * Chain's 30 (fast finality normally finalises within two or three blocks; 30 leaves room for missed votes),
 * Kaia's 1 (Istanbul BFT: a block is final when it is in the chain; one more covers a node answering from a
 * fork), Polygon PoS's 128 (milestones finalise in seconds since Heimdall v2, but reorganisations of over 100
 * blocks were seen before them; about four minutes).
 */
export const PUBLIC_FINALITY_BLOCKS: Readonly<Record<ChainKey, number>> = { ETH: 64, BSC: 30, KLAYTN: 1, POLYGON: 128 };

/** The settings of chain `key` in environment `environment` (see the module comment). */
export function indexerSettings(key: ChainKey, environment: ChainEnvironment, settings: Settings): IndexerSettings {
  const local = environment === 'local';
  const startBlock = settings[`INDEXER_START_BLOCK_${key}`];
  const confirmations = settings.INDEXER_CONFIRMATIONS ?? (local ? 0 : PUBLIC_CONFIRMATIONS[key]);
  const finality = settings[`FINALITY_BLOCKS_${key}`] ?? (local ? 0 : PUBLIC_FINALITY_BLOCKS[key]);
  return {
    confirmations,
    finalityBlocks: Math.max(finality, confirmations),
    batchBlocks: Math.max(1, settings.INDEXER_BATCH_BLOCKS ?? (local ? 5_000 : 2_000)),
    pollMs: Math.max(50, settings.INDEXER_POLL_MS ?? (local ? 500 : 4_000)),
    startBlock: startBlock !== undefined ? BigInt(startBlock) : local ? 0n : 'head',
  };
}
