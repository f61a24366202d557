/**
 * Rebuilds a collection's market data whole after a bulk load that bypassed the indexer (the demo seed): its
 * daily stats from its sales and its cards' rarity ranks; the demo also gets the local stand-in's yen rates
 * (kept fresh afterwards by the rates job, ./rates/rates.server.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { categories } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { rebuildDailyStats } from './dailyStats.server';
import { rankCollection } from './rarity.server';
import { LOCAL_RATES, storeRates } from './rates/rates.server';
import { localSource } from './rates/sources.server';

/** Rebuilds the market data of the collections of these contracts (see the module comment). */
export async function rebuildMarket(
  db: Database | Transaction,
  collections: readonly { chainId: number; contractAddress: string }[],
  now = new Date(),
): Promise<void> {
  for (const key of collections) {
    await rebuildDailyStats(db, key, now);
    const found = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.chainId, key.chainId), inArray(categories.contractAddress, [key.contractAddress])));
    for (const { id } of found) await rankCollection(db, id);
  }
  await storeRates(db, await localSource(LOCAL_RATES, () => now).read());
}
