/**
 * Stores each card's rarity rank ({@link rarityRanks}) for a collection, recomputed whole whenever its cards or
 * their traits change (a card issued, the demo seeded): the ranks of the others move with every new card.
 * Pages and the API read the stored rank (`card_rarity`), never compute it per request.
 */
import { eq, sql } from 'drizzle-orm';
import { cardRarity, cards } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { type RarityTrait, rarityRanks } from './rarity';

const ROWS_PER_INSERT = 1_000;

/** The `attributes` of token metadata as {@link RarityTrait}s; malformed items are skipped. */
export function rarityTraits(attributes: unknown): RarityTrait[] {
  if (!Array.isArray(attributes)) return [];
  return attributes.flatMap((item: unknown): RarityTrait[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { trait_type: traitType, value, display_type: displayType } = item as Record<string, unknown>;
    if (typeof traitType !== 'string') return [];
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return [];
    return [{ traitType, value, displayType: typeof displayType === 'string' ? displayType : null }];
  });
}

/**
 * Recomputes and stores the rarity of every card of collection `categoryId`, in one transaction.
 *
 * Two issues into one collection at once (two server processes) rank one after the other: a transaction
 * advisory lock on the collection, held until the caller's outermost transaction ends, makes the second read
 * the cards the first committed instead of inserting ranks beside the first's (a duplicate key).
 */
export async function rankCollection(db: Database | Transaction, categoryId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kirafuda-rarity:${categoryId}`}, 0))`);
    const rows = await tx
      .select({ id: cards.id, attributes: sql<unknown>`${cards.metadata}->'attributes'` })
      .from(cards)
      .where(eq(cards.categoryId, categoryId));
    const ranks = rarityRanks(rows.map((row) => ({ id: row.id, traits: rarityTraits(row.attributes) })));
    const values = [...ranks].map(([cardId, rarity]) => ({ cardId, categoryId, ...rarity }));
    await tx.delete(cardRarity).where(eq(cardRarity.categoryId, categoryId));
    for (let i = 0; i < values.length; i += ROWS_PER_INSERT) {
      await tx.insert(cardRarity).values(values.slice(i, i + ROWS_PER_INSERT));
    }
    return values.length;
  });
}
