import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { createCategory, updateCategory } from '~/features/admin/collections/adminCategories.server';
import { listCategories } from '~/features/catalogue/collections/categories.server';
import { listCreators } from '~/features/catalogue/creators/creators.server';
import { removeSalesAfter } from '~/features/indexer/saleRecords.server';
import { admins, categories, illustrators, sales, users } from '~/server/db/schema';
import { refreshDailyStats } from './dailyStats.server';

const CHAIN = 31_337;
const contract = (byte: string) => `0x${byte.repeat(20)}`;
const [X, Y, Z, LATE] = [contract('d1'), contract('d2'), contract('d3'), contract('d4')] as [
  string,
  string,
  string,
  string,
];
const NOW = new Date('2026-03-10T03:00:00Z');

const database = fileTestDatabase();
let block = 0;
let adminId = 0;
const creatorIds: number[] = [];

/** Records one sale (or trade) of `contractAddress` at the next block, then refreshes as the indexer does. */
async function sell(contractAddress: string, kind: 'sale' | 'trade' = 'sale') {
  block += 1;
  await database.db.insert(sales).values({
    chainId: CHAIN,
    contractAddress,
    tokenId: String(block),
    buyerAddress: contract('b2'),
    sellerAddress: contract('a1'),
    price: '1000',
    currencyCode: 2,
    kind,
    txHash: `0x${block.toString(16).padStart(64, '0')}`,
    blockNumber: block,
    logIndex: 0,
    soldAt: NOW,
  });
  await refreshDailyStats(database.db, { chainId: CHAIN, contractAddress }, [NOW], NOW);
}

/** The stored sales counts of the collections on `contracts` and of the two creators. */
async function counts() {
  const collections = await database.db
    .select({ contract: categories.contractAddress, n: categories.salesCount })
    .from(categories)
    .where(inArray(categories.contractAddress, [X, Y, Z, LATE]));
  const creators = await database.db
    .select({ id: illustrators.id, n: illustrators.salesCount })
    .from(illustrators)
    .where(inArray(illustrators.id, creatorIds));
  return {
    collections: Object.fromEntries(collections.map((row) => [row.contract, row.n])),
    creators: creatorIds.map((id) => creators.find((row) => row.id === id)?.n),
  };
}

beforeAll(async () => {
  const [admin] = await database.db
    .insert(admins)
    .values({ uid: 'counts-admin', passwordHash: 'x', name: 'Admin' })
    .returning({ id: admins.id });
  adminId = Number(admin?.id);
  for (const [i, name] of ['Sato', 'Suzuki'].entries()) {
    const [user] = await database.db
      .insert(users)
      .values({ walletAddress: contract(`e${i}`), role: 'illustrator' })
      .returning({ id: users.id });
    const [creator] = await database.db
      .insert(illustrators)
      .values({ uid: `counts-${i}`, passwordHash: 'x', userId: Number(user?.id), name })
      .returning({ id: illustrators.id });
    creatorIds.push(Number(creator?.id));
  }
  const [first, second] = creatorIds as [number, number];
  await database.db.insert(categories).values([
    { chainId: CHAIN, contractAddress: X, name: 'Counts X', creatorId: first },
    { chainId: CHAIN, contractAddress: Y, name: 'Counts Y', creatorId: first },
    { chainId: CHAIN, contractAddress: Z, name: 'Counts Z', creatorId: second },
  ]);
}, 60_000);

describe('stored sales counts', () => {
  it('count each sale of a collection for it and its creator, never a trade', async () => {
    for (const at of [X, X, X, Y, Z, Z]) await sell(at);
    await sell(Z, 'trade');
    expect(await counts()).toEqual({ collections: { [X]: 3, [Y]: 1, [Z]: 2 }, creators: [4, 2] });
  });

  it('order the collection and creator lists by them, most sold first', async () => {
    const listed = await listCategories(database.db, { page: 1, perPage: 10, q: 'Counts', sort: 'volume' });
    expect(listed.items.map((item) => item.contractAddress)).toEqual([X, Z, Y]);
    const creators = await listCreators(database.db, { page: 1, perPage: 10, q: 'S', sort: 'volume' });
    expect(creators.items.map((item) => [item.id, item.salesCount])).toEqual([
      [creatorIds[0], 4],
      [creatorIds[1], 2],
    ]);
  });

  it('fall when a reorganisation takes sales away', async () => {
    await sell(X);
    expect(await counts()).toEqual({ collections: { [X]: 4, [Y]: 1, [Z]: 2 }, creators: [5, 2] });
    // The last three blocks go: a Z sale, the Z trade and the X sale just made.
    const lastKept = block - 3;
    await database.db.transaction(async (tx) => {
      const removed = await removeSalesAfter(tx, CHAIN, lastKept, NOW);
      for (const address of new Set(removed.map((row) => row.contractAddress))) {
        await refreshDailyStats(tx, { chainId: CHAIN, contractAddress: address }, [NOW], NOW);
      }
    });
    expect(await counts()).toEqual({ collections: { [X]: 3, [Y]: 1, [Z]: 1 }, creators: [4, 1] });
  });

  it('follow a collection the back office hands to another creator, and one it makes of a contract that sold', async () => {
    await updateCategory(database.db, adminId, { contractAddress: Y, chainId: CHAIN }, { creator_id: creatorIds[1] }, [
      CHAIN,
    ]);
    expect((await counts()).creators).toEqual([3, 2]);
    await sell(LATE);
    await sell(LATE);
    await createCategory(
      database.db,
      adminId,
      {
        chain_id: CHAIN,
        contract_address: LATE,
        name: 'Counts late',
        name_en: null,
        description: null,
        description_en: null,
        creator_id: creatorIds[0],
      },
      [CHAIN],
    );
    expect(await counts()).toEqual({ collections: { [X]: 3, [Y]: 1, [Z]: 1, [LATE]: 2 }, creators: [5, 2] });
  });
});
