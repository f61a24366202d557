/**
 * Where a row stands on chain, as column groups shared by the schema files: the contract (a collection) or the
 * token (a card) a row is about, and the position of the chain event it was read from. Spread into a table's
 * columns (`...tokenOnChain()`), they keep the names, types and order every such table uses.
 *
 * @see ./columns.ts (the single columns these are made of)
 */
import { bigint, integer, text } from 'drizzle-orm/pg-core';
import { chainId, uint256 } from './columns.ts';

/**
 * A contract on a chain (a collection): `chain_id` and `contract_address`, both required. The address is stored
 * lower-case; each table adds its own `addressCheck` on it, named for the table.
 */
export const contractOnChain = () => ({
  chainId: chainId().notNull(),
  contractAddress: text('contract_address').notNull(),
});

/** A token (a card) on a chain: {@link contractOnChain} and its `token_id`, all required. */
export const tokenOnChain = () => ({
  ...contractOnChain(),
  tokenId: uint256('token_id').notNull(),
});

/**
 * Where a chain event stands: its transaction, block and index in the block's logs, all required. With the
 * chain id, a unique key on (chain, transaction, log index) makes reading a range again add nothing.
 */
export const logPosition = () => ({
  txHash: text('tx_hash').notNull(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  logIndex: integer('log_index').notNull(),
});
