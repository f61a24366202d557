/**
 * Ranking collections after their cards change (./rarity.server.ts, ./marketJobs.server.ts): a change queues the
 * collection, a burst is ranked once after the quiet period, the ranking reads the cards as they are when it runs,
 * and the leader's job ranks a queued collection as soon as it is woken, without waiting for its fallback pass.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '#tests/helpers/eventually.ts';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import type { Change } from '~/features/events/tags';
import { cardRarity, cards, categories, rarityPending } from '~/server/db/schema';
import { createJobRunner } from '~/server/jobs/runner';
import { RANKING_JOB, registerMarketJobs } from './marketJobs.server.ts';
import { queueRanking, rankQueuedCollections } from './rarity.server.ts';

const CONTRACT = `0x${'ee'.repeat(20)}`;
const OWNER = `0x${'a1'.repeat(20)}`;
const database = fileTestDatabase();
let collectionId = 0;
let nextToken = 1;

/** Adds a card with one trait to the collection. */
async function addCard(colour: string) {
  await database.db.insert(cards).values({
    chainId: 31_337,
    contractAddress: CONTRACT,
    tokenId: String(nextToken++),
    ownerAddress: OWNER,
    categoryId: collectionId,
    metadata: { attributes: [{ trait_type: 'Colour', value: colour }] },
  });
}

const ranks = () =>
  database.db
    .select({ cardId: cardRarity.cardId, rank: cardRarity.rank, of: cardRarity.of })
    .from(cardRarity)
    .where(eq(cardRarity.categoryId, collectionId));

beforeAll(async () => {
  const [category] = await database.db
    .insert(categories)
    .values({ chainId: 31_337, contractAddress: CONTRACT, name: 'Ranks' })
    .returning({ id: categories.id });
  collectionId = Number(category?.id);
  for (const colour of ['red', 'red', 'gold']) await addCard(colour);
}, 60_000);

describe('the ranking queue', () => {
  it('ranks a burst of changes once, after the quiet period, and then has nothing queued', async () => {
    await queueRanking(database.db, collectionId);
    await queueRanking(database.db, collectionId);
    expect(await database.db.select().from(rarityPending)).toHaveLength(1);

    const early = await rankQueuedCollections(database.db, 60_000);
    expect(early.ranked).toEqual([]);
    expect(early.nextDueInMs).toBeGreaterThan(50_000);
    expect(early.nextDueInMs).toBeLessThanOrEqual(60_000);
    expect(await ranks()).toEqual([]);

    expect(await rankQueuedCollections(database.db, 0)).toEqual({ ranked: [collectionId] });
    const ranked = await ranks();
    expect(ranked).toHaveLength(3);
    expect(ranked.every((row) => row.of === 3)).toBe(true);
    // The only gold card is the rarest.
    expect(Math.min(...ranked.map((row) => row.rank))).toBe(1);
    expect(await rankQueuedCollections(database.db, 0)).toEqual({ ranked: [] });
  });

  it('ranks the cards as they are when it runs, not when the change was queued', async () => {
    await queueRanking(database.db, collectionId);
    await addCard('silver');
    await rankQueuedCollections(database.db, 0);
    expect((await ranks()).map((row) => row.of)).toEqual([4, 4, 4, 4]);
  });
});

describe('the ranking job', () => {
  it('ranks a queued collection when woken, long before its fallback pass', async () => {
    const runner = createJobRunner<Change>({
      publish: async () => {},
      tryLock: async () => ({ lost: new Promise<void>(() => {}), release: async () => {} }),
      log: () => {},
    });
    registerMarketJobs(runner, database.db);
    // A change queued before the start is ranked by the job's first passes; the next one arrives after them.
    await queueRanking(database.db, collectionId);
    runner.start();
    try {
      await eventually(async () => (await database.db.select().from(rarityPending)).length === 0, 10_000);
      await addCard('bronze');
      await queueRanking(database.db, collectionId);
      runner.wake(RANKING_JOB);
      // Due a second after it was queued (the quiet period), not a minute (the fallback).
      await eventually(async () => (await ranks()).every((row) => row.of === 5), 10_000);
      expect(await database.db.select().from(rarityPending)).toEqual([]);
    } finally {
      await runner.stop();
    }
  }, 30_000);
});
