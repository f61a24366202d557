/**
 * The condition that picks a card's rows out of a table that names cards by chain, contract and token id (`cards`,
 * `sell_orders`, `auctions`, `trade_offers`): written once for the trading queries. The values are compared as
 * given: contracts are stored lower-case, so a caller with an address from outside lower-cases it first.
 */
import { type AnyColumn, and, eq, type SQL } from 'drizzle-orm';

/** The columns of a table that name a card. */
export interface CardColumns {
  chainId: AnyColumn;
  contractAddress: AnyColumn;
  tokenId: AnyColumn;
}

/** A card as the tables name it: chain, contract address and token id (decimal). */
export interface CardKey {
  chainId: number;
  contractAddress: string;
  tokenId: string;
}

/** The rows of `table` about card `key` (see the module comment). */
export function ofCard(table: CardColumns, key: CardKey): SQL {
  return and(
    eq(table.chainId, key.chainId),
    eq(table.contractAddress, key.contractAddress),
    eq(table.tokenId, key.tokenId),
  ) as SQL;
}
