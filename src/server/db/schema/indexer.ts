/**
 * Where the chain indexer stopped on each chain.
 *
 * @see docs/architecture.md "Chain data"
 */
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text } from 'drizzle-orm/pg-core';
import { chainId, hash32Check, timestamptz } from './columns.ts';

/**
 * The last block fully processed per chain (and its hash, to notice a reorganisation deeper than the
 * confirmation depth). Updated in the same transaction as the rows written for that block range.
 */
export const indexerCursors = pgTable(
  'indexer_cursors',
  {
    chainId: chainId().primaryKey(),
    lastBlock: bigint('last_block', { mode: 'number' }).notNull(),
    lastBlockHash: text('last_block_hash'),
    /**
     * The highest block the chain's finality depth says can no longer change, as of the indexer's last look at
     * the head (it only grows): payable money a fill proved in a later block is still clearing.
     */
    finalBlock: bigint('final_block', { mode: 'number' }),
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('indexer_cursors_last_block_not_negative', sql`${t.lastBlock} >= 0`),
    hash32Check('indexer_cursors_last_block_hash_format', t.lastBlockHash),
  ],
);
