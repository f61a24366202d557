/**
 * The collection of one NFT contract: each category is exactly one contract on one chain, so
 * `/tokens/{chain_id}/{contract}` lists that category's cards.
 *
 * @see docs/product-spec.md §2 (/tokens/{chain_id?}/{contract?}/{token_id?})
 */
import { onContract } from '~/server/db/onChainConditions';
import { categories } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { CategorySummary } from '../types';
import { getCategory } from './categories.server';

/** The visible category of `contractAddress` (lower-case) on `chainId`, or null. */
export async function findCategoryByContract(
  db: Database,
  chainId: number,
  contractAddress: string,
): Promise<CategorySummary | null> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(onContract(categories, chainId, contractAddress))
    .limit(1);
  return row ? getCategory(db, row.id) : null;
}
