/**
 * The order formulas in SQL against the same rules in code: a declining listing's price at any second, as
 * PostgreSQL (PGlite, or the server of `DATABASE_URL`) computes it with `currentPriceSql`, is to the wei what
 * `currentAmount` (Seaport's `AmountDeriver`) gives.
 */
import { eq, sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import { beforeAll, describe, expect, test } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase';
import { buildSellOrder } from '~/features/trading/seaport/buildSellOrder';
import { considerationAt } from '~/features/trading/seaport/orderAmounts';
import { orderHash } from '~/features/trading/seaport/orderHash';
import { toOrderJson } from '~/features/trading/seaport/orderJson';
import { BID_ZONE_HASH } from '~/features/trading/zone/zoneHash';
import { BID_ZONE_HASH_SQL, currentPriceSql } from './orderSql';
import { sellOrders } from './trading';

const database = fileTestDatabase();
const seller = '0x1111111111111111111111111111111111111111';
const start = 1_800_000_000n;
const duration = 7_777n;
// Awkward amounts: a fee, a royalty and the proceeds, each moving by a different fraction every second.
const order = buildSellOrder({
  seller,
  nft: { contract: '0x3333333333333333333333333333333333333333', tokenId: 7n },
  price: parseEther('1.234567890123456789'),
  endPrice: parseEther('0.3') + 12_345n,
  currency: '0x0000000000000000000000000000000000000000',
  platformFee: { bps: 250, recipient: '0x000000000000000000000000000000000000fee0' },
  royalty: {
    receiver: '0x4444444444444444444444444444444444444444',
    amount: 61_728_394_506_172_839n,
    endAmount: 15_000_000_000_000_617n,
  },
  startTime: start,
  endTime: start + duration,
  salt: 1n,
  counter: 0n,
  conduitKey: '0x0000000000000000000000000000000000000000000000000000000000000000',
  zone: '0x000000000000000000000000000000000000a11e',
});

beforeAll(async () => {
  await database.db.insert(sellOrders).values({
    chainId: 1,
    contractAddress: '0x3333333333333333333333333333333333333333',
    tokenId: '7',
    price: considerationAt(order, start).toString(),
    endPrice: considerationAt(order, start + duration).toString(),
    saleType: 'declining',
    signature: '0x',
    sellerAddress: seller,
    exchange: '0x0000000000000068f116a894984e2db1123eb395',
    currencyCode: 2,
    order: toOrderJson(order),
    orderHash: orderHash(order),
    startsAt: new Date(Number(start) * 1000),
    expiresAt: new Date(Number(start + duration) * 1000),
  });
}, 60_000);

describe('currentPriceSql', () => {
  test.each([-100n, 0n, 1n, 2n, 999n, 3_333n, 7_776n, 7_777n, 9_000n])(
    '%i s after the start: the SQL price is currentAmount’s, to the wei',
    async (offset) => {
      const at = start + offset;
      const [row] = await database.db
        .select({ price: currentPriceSql(sql`to_timestamp(${Number(at)})`) })
        .from(sellOrders)
        .where(eq(sellOrders.orderHash, orderHash(order)));
      expect(BigInt(row?.price ?? -1)).toBe(considerationAt(order, at));
    },
  );
});

describe('acceptableOfferSql', () => {
  test('tells a bid by the zone hash the trading side marks bids with', () => {
    expect(BID_ZONE_HASH_SQL).toBe(BID_ZONE_HASH.toLowerCase());
  });
});
