/**
 * The rarity ranking queue under concurrency (src/features/market/rarity.server.ts): a ranking that takes a
 * collection's queue row while an issuing transaction has queued it (and not committed its new card yet) waits for
 * that transaction and ranks the new card too; nothing is left unranked.
 *
 * Runs in the PostgreSQL pass of `npm test` (`DATABASE_URL` set; `vitest run --project postgres`): the embedded
 * database is one session, where two transactions never overlap.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { queueRanking, rankCollection, rankQueuedCollections } from '../../src/features/market/rarity.server.ts';
import { cardRarity, cards, categories, rarityPending } from '../../src/server/db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const CONTRACT = `0x${'ab'.repeat(20)}`;
let database: TestDatabase;
let collectionId = 0;

const card = (tokenId: number, colour: string) => ({
  chainId: 31_337,
  contractAddress: CONTRACT,
  tokenId: String(tokenId),
  ownerAddress: `0x${'a1'.repeat(20)}`,
  categoryId: collectionId,
  metadata: { attributes: [{ trait_type: 'Colour', value: colour }] },
});

beforeAll(async () => {
  if (!process.env['DATABASE_URL']) throw new Error('this suite needs DATABASE_URL (a PostgreSQL server)');
  database = await createTestDatabase();
  const [category] = await database.db
    .insert(categories)
    .values({ chainId: 31_337, contractAddress: CONTRACT, name: 'Queue' })
    .returning({ id: categories.id });
  collectionId = Number(category?.id);
  await database.db.insert(cards).values([card(1, 'red'), card(2, 'gold')]);
  await rankCollection(database.db, collectionId);
}, 90_000);

afterAll(async () => {
  await database?.close();
});

test('a ranking that meets an issue still being committed waits for it and ranks its card', async () => {
  // Queued before (a first issue), due now.
  await queueRanking(database.db, collectionId);
  let commit = () => {};
  const held = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let queued = () => {};
  const queuedInIssue = new Promise<void>((resolve) => {
    queued = resolve;
  });
  // A second issue: its card and its queueing in one transaction, held open.
  const issue = database.db.transaction(async (tx) => {
    await tx.insert(cards).values(card(3, 'silver'));
    await queueRanking(tx, collectionId);
    queued();
    await held;
  });
  await queuedInIssue;
  let rankedAt = 0;
  const ranking = rankQueuedCollections(database.db, 0).then((pass) => {
    rankedAt = Date.now();
    return pass;
  });
  let committedAt = 0;
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(rankedAt, 'the ranking went on while the issue was uncommitted').toBe(0);
  } finally {
    committedAt = Date.now();
    commit();
    await issue;
  }
  expect(await ranking).toEqual({ ranked: [collectionId] });
  expect(rankedAt).toBeGreaterThanOrEqual(committedAt);
  const ranks = await database.db.select().from(cardRarity).where(eq(cardRarity.categoryId, collectionId));
  expect(ranks.map((row) => row.of)).toEqual([3, 3, 3]);
  expect(await database.db.select().from(rarityPending)).toEqual([]);
});
