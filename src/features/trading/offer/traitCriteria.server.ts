/**
 * The trait index behind trait offers: for each (trait type, value) of a collection, the token ids of the
 * catalogue's cards that hold it (from their token metadata's `attributes`), and on demand the merkle root over
 * them, which a trait offer carries as its criteria. A collection page lists the traits with their counts only:
 * a root costs a hash per card holding the trait (about a second for five trait types over 10,000 cards), so it is
 * built when someone makes an offer (`GET /api/v1/collections/{id}/offers?trait_type=&trait_value=`) or submits
 * one, never while a page renders. Proofs for one card are built from the ids an offer stored.
 */
import { setImmediate as yieldNow } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { traitsOf } from '~/features/catalogue/cards/cardMetadata';
import { cards } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { criteriaTree } from '../seaport/criteriaTree';

/** One trait of a collection with the cards that hold it. */
export interface CollectionTrait {
  type: string;
  value: string;
  tokenIds: bigint[];
}

/** A trait with its merkle root, as a decimal string (what `identifierOrCriteria` carries). */
export type TraitWithCriteria = CollectionTrait & { criteria: string };

/** Most cards of a collection the trait index reads. */
const MAX_CARDS = 20_000;

/**
 * The traits of the collection `contract` on `chainId`, most common first; with `only`, that trait alone (none
 * when no card holds it).
 */
export async function collectionTraits(
  db: Database,
  chainId: number,
  contract: string,
  only?: { type: string; value: string },
): Promise<CollectionTrait[]> {
  // Only the attributes of each card's metadata leave the database: a big collection's whole metadata (names,
  // descriptions, links) is several times what the traits need, parsed row by row here.
  const rows = await db
    .select({ tokenId: cards.tokenId, attributes: sql<string | null>`(${cards.metadata}->'attributes')::text` })
    .from(cards)
    .where(and(eq(cards.chainId, chainId), eq(cards.contractAddress, contract.toLowerCase()), eq(cards.hidden, false)))
    .limit(MAX_CARDS);
  const byTrait = new Map<string, CollectionTrait>();
  for (const row of rows) {
    for (const trait of traitsOf({ attributes: row.attributes === null ? null : JSON.parse(row.attributes) })) {
      const value = String(trait.value);
      if (only && (trait.traitType !== only.type || value !== only.value)) continue;
      const key = `${trait.traitType}\u0000${value}`;
      const entry = byTrait.get(key) ?? { type: trait.traitType, value, tokenIds: [] };
      entry.tokenIds.push(BigInt(row.tokenId));
      byTrait.set(key, entry);
    }
  }
  return [...byTrait.values()].sort(
    (a, b) => b.tokenIds.length - a.tokenIds.length || a.type.localeCompare(b.type) || a.value.localeCompare(b.value),
  );
}

/** A trait of a collection and how many of its cards hold it (what its page lists). */
export interface TraitCount {
  type: string;
  value: string;
  count: number;
}

/**
 * The traits of the collection `contract` on `chainId` with their counts, most common first (what its page lists).
 * Counted here from the cards' attributes: counting them in the embedded database (a JSON array expanded per card)
 * took 65 ms of its one thread, which every page waits for, at 10,010 cards; sending them takes ~15 ms of it (and
 * ~40 ms of this thread to read them).
 */
export async function traitCounts(db: Database, chainId: number, contract: string): Promise<TraitCount[]> {
  return (await collectionTraits(db, chainId, contract)).map(({ type, value, tokenIds }) => ({
    type,
    value,
    count: tokenIds.length,
  }));
}

/** `trait` with the merkle root over its cards. */
export function withCriteria(trait: CollectionTrait): TraitWithCriteria {
  return { ...trait, criteria: criteriaTree(trait.tokenIds).root.toString() };
}

/**
 * `traits` with their roots, up to the first for which `stop` holds (all without one). A tree costs a hash per card
 * (~200 ms for 10,000), so the server answers other requests between two trees instead of stalling for all of them
 * (about a second for five trait types over 10,000 cards).
 */
export async function rootsOf(
  traits: readonly CollectionTrait[],
  stop: (trait: TraitWithCriteria) => boolean = () => false,
): Promise<TraitWithCriteria[]> {
  const built: TraitWithCriteria[] = [];
  for (const trait of traits) {
    if (built.length > 0) await yieldNow();
    const one = withCriteria(trait);
    built.push(one);
    if (stop(one)) break;
  }
  return built;
}
