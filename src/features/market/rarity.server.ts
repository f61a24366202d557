/**
 * Stores each card's rarity rank ({@link rarityRanks}) for a collection, recomputed whole whenever its cards or
 * their traits change: the ranks of the others move with every new card. Pages and the API read the stored rank
 * (`card_rarity`), never compute it per request.
 *
 * Issuing a card only queues its collection ({@link queueRanking}, in the issuing transaction); the leader's ranking
 * job ({@link rankQueuedCollections}, ./marketJobs.server.ts) ranks it once its first queued change is
 * {@link RANK_QUIET_MS} old. Ranking a collection of 100,000 cards took 4.4 s, inside every issue's transaction;
 * a burst of issues into one collection is now ranked once, a second or two later. Seeding ranks directly.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { cardRarity, cards, rarityPending } from '~/server/db/schema';
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

/** How long a queued collection waits (from its first unranked change) before it is ranked, in ms. */
export const RANK_QUIET_MS = 1_000;

/**
 * Queues collection `categoryId` for ranking (its cards changed); a second queueing keeps the first's time. Call it
 * in the transaction that changed the cards: it locks the queue row until that transaction ends, so a ranking that
 * takes the row waits for those cards to be committed and reads them (with `do nothing`, a ranking could take the
 * row between this statement and the commit and rank without the new cards, leaving nothing queued).
 */
export async function queueRanking(db: Database | Transaction, categoryId: number): Promise<void> {
  await db
    .insert(rarityPending)
    .values({ categoryId })
    .onConflictDoUpdate({ target: rarityPending.categoryId, set: { since: sql`${rarityPending.since}` } });
}

/** What one pass of the ranking job did. */
export interface RankingPass {
  /** Collections ranked, in queue order. */
  ranked: number[];
  /** How long until the next queued collection is due, in ms; none queued: undefined. */
  nextDueInMs?: number;
}

/**
 * Ranks every collection queued at least `quietMs` ago, each in a transaction that takes its queue row (after any
 * transaction still queueing it has committed its cards): a change queued while it ranks waits for that
 * transaction and queues the collection again, so nothing is left unranked.
 */
export async function rankQueuedCollections(db: Database, quietMs = RANK_QUIET_MS): Promise<RankingPass> {
  const queued = await db
    .select({
      categoryId: rarityPending.categoryId,
      waitMs: sql<number>`greatest(0, ${quietMs} - extract(epoch from (now() - ${rarityPending.since})) * 1000)::float8`,
    })
    .from(rarityPending)
    .orderBy(asc(rarityPending.since), asc(rarityPending.categoryId));
  const ranked: number[] = [];
  let nextDueInMs: number | undefined;
  for (const { categoryId, waitMs } of queued) {
    if (waitMs > 0) {
      const wait = Math.ceil(waitMs);
      nextDueInMs = Math.min(nextDueInMs ?? wait, wait);
      continue;
    }
    const took = await db.transaction(async (tx) => {
      const [row] = await tx.delete(rarityPending).where(eq(rarityPending.categoryId, categoryId)).returning();
      if (!row) return false; // ranked by another pass since it was read
      await rankCollection(tx, categoryId);
      return true;
    });
    if (took) ranked.push(categoryId);
  }
  return nextDueInMs === undefined ? { ranked } : { ranked, nextDueInMs };
}
