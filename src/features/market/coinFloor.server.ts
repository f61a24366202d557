/**
 * A collection's floor now in one coin: the cheapest open listing (./dailyStats.server.ts `floorsSql`) priced in
 * the coin or its wrapped form (WETH is ETH's), which are worth one for one. Offers are weighed against it (an
 * offer far below it tells its card's owner nothing: features/trading/offer/offerNotice.server.ts).
 */
import { coinOf } from '~/features/chains/currencies';
import type { Database, Transaction } from '~/server/db/types';
import { type CollectionKey, floorsSql } from './dailyStats.server';

/** The floor of `key` in the coin of `currencyCode`, in its smallest unit, or null with no listing in that coin. */
export async function coinFloor(
  db: Database | Transaction,
  key: CollectionKey,
  currencyCode: number,
): Promise<bigint | null> {
  const { rows } = await db.execute<{ currency_code: unknown; floor: unknown }>(floorsSql(key));
  let floor: bigint | null = null;
  for (const row of rows) {
    if (coinOf(Number(row.currency_code)) !== coinOf(currencyCode) || row.floor === null) continue;
    const price = BigInt(String(row.floor));
    if (floor === null || price < floor) floor = price;
  }
  return floor;
}
