/**
 * The trait index behind trait offers: for each (trait type, value) of a collection, the token ids of the
 * catalogue's cards that hold it (from their token metadata's `attributes`) and the merkle root over them,
 * which a trait offer carries as its criteria. Proofs for one card are built from the ids an offer stored.
 */
import { and, eq } from 'drizzle-orm';
import { traitsOf } from '~/features/catalogue/cards/cardMetadata';
import { cards } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { criteriaTree } from '../seaport/criteriaTree';

/** One trait of a collection with its cards and criteria root. */
export interface CollectionTrait {
  type: string;
  value: string;
  tokenIds: bigint[];
  /** The merkle root, as a decimal string (what `identifierOrCriteria` carries). */
  criteria: string;
}

/** Most cards of a collection the trait index reads. */
const MAX_CARDS = 20_000;

/** The traits of the collection `contract` on `chainId`, most common first. */
export async function collectionTraits(db: Database, chainId: number, contract: string): Promise<CollectionTrait[]> {
  const rows = await db
    .select({ tokenId: cards.tokenId, metadata: cards.metadata })
    .from(cards)
    .where(and(eq(cards.chainId, chainId), eq(cards.contractAddress, contract.toLowerCase()), eq(cards.hidden, false)))
    .limit(MAX_CARDS);
  const byTrait = new Map<string, { type: string; value: string; tokenIds: bigint[] }>();
  for (const row of rows) {
    for (const trait of traitsOf(row.metadata)) {
      const value = String(trait.value);
      const key = `${trait.traitType}\u0000${value}`;
      const entry = byTrait.get(key) ?? { type: trait.traitType, value, tokenIds: [] };
      entry.tokenIds.push(BigInt(row.tokenId));
      byTrait.set(key, entry);
    }
  }
  return [...byTrait.values()]
    .map((entry) => ({ ...entry, criteria: criteriaTree(entry.tokenIds).root.toString() }))
    .sort(
      (a, b) => b.tokenIds.length - a.tokenIds.length || a.type.localeCompare(b.type) || a.value.localeCompare(b.value),
    );
}
