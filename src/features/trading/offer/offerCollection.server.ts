/** The collection an offer page or endpoint names, when it is on the marketplace (not hidden), and its first card. */
import { and, asc, eq } from 'drizzle-orm';
import { cards, categories } from '~/server/db/schema';
import type { Database } from '~/server/db/types';

/** The collection `id` with its chain and contract, or undefined when unknown or hidden. */
export async function visibleCollection(
  db: Database,
  id: number,
): Promise<{ id: number; chainId: number; contractAddress: string } | undefined> {
  const [row] = await db
    .select({ id: categories.id, chainId: categories.chainId, contractAddress: categories.contractAddress })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.hidden, false)));
  return row;
}

/** The lowest token id of a collection's cards (whose royalty a collection offer pays), or undefined. */
export async function firstTokenId(db: Database, chainId: number, contract: string): Promise<string | undefined> {
  const [first] = await db
    .select({ tokenId: cards.tokenId })
    .from(cards)
    .where(and(eq(cards.chainId, chainId), eq(cards.contractAddress, contract.toLowerCase())))
    .orderBy(asc(cards.tokenId))
    .limit(1);
  return first?.tokenId;
}
