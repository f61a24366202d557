/**
 * Booking illustrator revenues from sales: a creator's own sale is primary revenue, a collector's resale
 * pays the creator's royalty, and booking a sale again adds nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/db';
import { cards, categories, illustrators, revenues, sales, users } from '../../server/db/schema';
import { bookSaleRevenues } from './revenues.server';

const creatorWallet = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const collector = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const contract = '0xdc64a140aa3e981100a9beca4e685f962f0cf6c9';
let database: TestDatabase;
let illustratorId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const [user] = await db.insert(users).values({ walletAddress: creatorWallet, role: 'illustrator' }).returning();
  const [illustrator] = await db
    .insert(illustrators)
    .values({ uid: 'mio', passwordHash: 'x', userId: user?.id ?? 0, name: 'Mio' })
    .returning();
  illustratorId = illustrator?.id ?? 0;
  const [category] = await db
    .insert(categories)
    .values({ chainId: 1, contractAddress: contract, name: 'Series', creatorId: illustratorId })
    .returning();
  await db.insert(cards).values({
    chainId: 1,
    contractAddress: contract,
    tokenId: '1',
    ownerAddress: collector,
    categoryId: category?.id ?? null,
  });
}, 60_000);

afterAll(async () => {
  await database?.close();
});

async function sale(seller: string, logIndex: number) {
  const [row] = await database.db
    .insert(sales)
    .values({
      chainId: 1,
      contractAddress: contract,
      tokenId: '1',
      buyerAddress: collector,
      sellerAddress: seller,
      price: '1000000',
      currencyCode: 2,
      platformFee: '25000',
      royalty: seller === creatorWallet ? '0' : '50000',
      txHash: `0x${String(logIndex).padStart(64, '0')}`,
      blockNumber: 10,
      logIndex,
      soldAt: new Date('2026-01-02T03:04:05Z'),
    })
    .returning();
  return row?.id ?? 0;
}

describe('bookSaleRevenues', () => {
  test('a sale by the creator (found through the card’s collection) is primary revenue: the price less the fee', async () => {
    const id = await sale(creatorWallet, 1);
    expect(await bookSaleRevenues(database.db, id)).toEqual({ kind: 'primary', illustratorId, amount: '975000' });
  });

  test('a resale by a collector books the royalty, dated at the sale', async () => {
    const id = await sale(collector, 2);
    expect(await bookSaleRevenues(database.db, id)).toEqual({ kind: 'royalty', illustratorId, amount: '50000' });
    const [row] = (await database.db.select().from(revenues)).filter((revenue) => revenue.saleId === id);
    expect(row?.createdAt.toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  test('booking the same sale twice keeps one revenue', async () => {
    const id = await sale(collector, 3);
    await bookSaleRevenues(database.db, id);
    await bookSaleRevenues(database.db, id);
    expect((await database.db.select().from(revenues)).filter((revenue) => revenue.saleId === id)).toHaveLength(1);
  });
});
