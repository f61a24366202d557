/**
 * The conditions that find rows by where they stand on chain, written once for every table with the column groups
 * of schema/onChain.ts: the rows of one contract (chain id and lower-case address), or of one token of it (and
 * token id). Each value is a plain value, another table's column (a join or a lateral subquery) or a placeholder
 * of a prepared statement. The caller passes the address as stored (lower case).
 *
 * @see ./schema/onChain.ts
 */
import { and, type Column, eq, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The columns that name a contract on a chain. */
interface ContractColumns {
  chainId: Column;
  contractAddress: Column;
}

/** The columns that name a token on a chain. */
interface TokenColumns extends ContractColumns {
  tokenId: Column;
}

/** A value a condition compares a column with. */
type Value = string | number | SQLWrapper;

/**
 * A token as a statement names it: values (parameters), or the columns of another query's row, when a subquery
 * reads what belongs to that row's token (a correlated subquery: the token page reads its card's sections with it).
 */
export interface TokenRef {
  chainId: Value;
  contractAddress: Value;
  tokenId: Value;
}

/** The rows of `table` on contract `contractAddress` of chain `chainId`. */
export function onContract(table: ContractColumns, chainId: Value, contractAddress: Value): SQL {
  return and(eq(table.chainId, chainId), eq(table.contractAddress, contractAddress)) as SQL;
}

/** The rows of `table` about token `tokenId` of contract `contractAddress` on chain `chainId`. */
export function onToken(table: TokenColumns, chainId: Value, contractAddress: Value, tokenId: Value): SQL {
  return and(eq(table.chainId, chainId), eq(table.contractAddress, contractAddress), eq(table.tokenId, tokenId)) as SQL;
}
