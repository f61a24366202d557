/**
 * Listings against a real anvil chain and database: what `sell_card` stores, what it refuses (each refusal
 * names its reason), and how on-chain cancels are recorded.
 */
import { and, eq } from 'drizzle-orm';
import { parseEther, zeroHash } from 'viem';
import { describe, expect, test } from 'vitest';
import { fileTradingMarket } from '#tests/helpers/fileMarket';
import { transferCard } from '#tests/helpers/localMarket';
import { signListing } from '#tests/helpers/testMarket';
import { cards, sellOrders } from '~/server/db/schema/index';
import { recordCancelAll, recordOrderCancel } from '../cancel/recordCancel.server';
import type { SellCardInput } from '../orders/sellCardPayload';
import { cancelOrders } from '../seaport/cancelOrders';
import { incrementCounter } from '../seaport/incrementCounter';
import { submitSellOrder } from './submitSellOrder.server';

const TIMEOUT = 30_000;
let seller: { walletAddress: string };
const { fixture, database, options } = fileTradingMarket(async ({ market, creator }) => {
  seller = { walletAddress: market.seller.account.address.toLowerCase() };
  // Token 19 leaves the seller before the catalogue is indexed.
  await transferCard(market, 19n, creator.address);
});
const submit = (input: SellCardInput, who = seller) => submitSellOrder(database.db, who, input, options());
const price = parseEther('0.5');

const statusOf = async (orderHash: string) =>
  (await database.db.select().from(sellOrders).where(eq(sellOrders.orderHash, orderHash)))[0]?.status;

describe('sell_card', () => {
  test(
    'a valid listing is stored active, and sending it again changes nothing',
    async () => {
      const { input } = await signListing(fixture, 1n, { price });
      const first = await submit(input);
      expect(first.created).toBe(true);
      expect(first.listing).toMatchObject({
        status: 'active',
        tokenId: '1',
        price: price.toString(),
        sellerAddress: seller.walletAddress,
      });
      const again = await submit(input);
      expect(again).toEqual({ created: false, listing: first.listing });
    },
    TIMEOUT,
  );

  test(
    'a second listing of the same card by the same seller replaces the first',
    async () => {
      const first = await submit((await signListing(fixture, 2n, { price })).input);
      const second = await submit((await signListing(fixture, 2n, { price: price * 2n })).input);
      expect(await statusOf(first.listing.orderHash)).toBe('cancelled');
      expect(await statusOf(second.listing.orderHash)).toBe('active');
      const active = await database.db
        .select()
        .from(sellOrders)
        .where(and(eq(sellOrders.tokenId, '2'), eq(sellOrders.status, 'active')));
      expect(active).toHaveLength(1);
    },
    TIMEOUT,
  );

  test.each([
    ['someone else signed it', { signer: 'buyer' }, /signature/],
    ['the platform fee is missing', { feeBps: 0 }, /platform fee/],
    ['the creator royalty is missing', { noRoyalty: true }, /royalty/],
    ['it has already expired', { startOffset: -7_200n, endOffset: -3_600n }, /expired/],
    ['its counter is not the seller’s', { counter: 7n }, /counter/],
    [
      'it names a conduit other than the platform’s (zero conduit key: Seaport itself)',
      { conduitKey: zeroHash },
      /conduitKey/,
    ],
  ] as const)(
    'refused with 422 when %s',
    async (_name, override, message) => {
      const signer = 'signer' in override ? { signer: fixture.market.buyer } : {};
      const { signer: _s, ...rest } = override as Record<string, unknown>;
      const { input } = await signListing(fixture, 3n, { price, ...rest, ...signer });
      await expect(submit(input)).rejects.toMatchObject({ status: 422, message: expect.stringMatching(message) });
    },
    TIMEOUT,
  );

  test(
    'refused with 422 when the payload does not match its order (price, currency, exchange, chain)',
    async () => {
      const { input } = await signListing(fixture, 3n, { price });
      const cases: [Partial<SellCardInput>, RegExp][] = [
        [{ price: price + 1n }, /price/],
        [{ currency_code: 3 }, /currency/],
        [{ exchange: fixture.market.contracts.atem }, /exchange/],
        [{ chain_id: 56 }, /chain_id/],
      ];
      for (const [change, message] of cases) {
        await expect(submit({ ...input, ...change })).rejects.toMatchObject({
          status: 422,
          message: expect.stringMatching(message),
        });
      }
    },
    TIMEOUT,
  );

  test(
    'refused when the seller no longer owns the card (422), is not the signed-in wallet (403) or the card is unknown (404)',
    async () => {
      const moved = await signListing(fixture, 19n, { price });
      await expect(submit(moved.input)).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/own/) });
      const { input } = await signListing(fixture, 4n, { price });
      await expect(submit(input, { walletAddress: fixture.creator.address })).rejects.toMatchObject({ status: 403 });
      await database.db.delete(cards).where(eq(cards.tokenId, '5'));
      const unknown = await signListing(fixture, 5n, { price });
      await expect(submit(unknown.input)).rejects.toMatchObject({ status: 404 });
    },
    TIMEOUT,
  );
});

describe('cancels', () => {
  test(
    'one listing: ended on Kirafuda at once without gas (the zone stops signing), or recorded once cancelled on chain; by its seller only',
    async () => {
      const gasless = await submit((await signListing(fixture, 6n, { price })).input);
      await expect(
        recordOrderCancel(
          database.db,
          { walletAddress: fixture.creator.address },
          gasless.listing.orderHash,
          options(),
        ),
      ).rejects.toMatchObject({ status: 403 });
      const { mined, seller: wallet, contracts } = fixture.market;
      const countBefore = await fixture.market.publicClient.getTransactionCount({ address: wallet.account.address });
      expect(await recordOrderCancel(database.db, seller, gasless.listing.orderHash, options())).toMatchObject({
        status: 'cancelled',
      });
      // No transaction of the seller's: the cancel cost no gas.
      expect(await fixture.market.publicClient.getTransactionCount({ address: wallet.account.address })).toBe(
        countBefore,
      );

      const { input, order } = await signListing(fixture, 6n, { price: price + 1n });
      const { listing } = await submit(input);
      await mined(await cancelOrders(wallet, { seaport: contracts.seaport, orders: [order] }));
      expect(await recordOrderCancel(database.db, seller, listing.orderHash, options())).toMatchObject({
        status: 'cancelled',
      });
    },
    TIMEOUT,
  );

  test(
    'all of a seller’s listings at once: those signed before the counter bump end',
    async () => {
      const listed = [
        await submit((await signListing(fixture, 7n, { price })).input),
        await submit((await signListing(fixture, 8n, { price })).input),
      ];
      const { mined, seller: wallet, contracts } = fixture.market;
      await mined(await incrementCounter(wallet, { seaport: contracts.seaport }));
      const result = await recordCancelAll(database.db, seller, 1, options());
      // Seaport 1.6 raises the counter by a large quasi-random step, not by one.
      expect(BigInt(result.counter)).toBeGreaterThan(0n);
      expect(result.cancelled).toBeGreaterThanOrEqual(2);
      for (const { listing } of listed) expect(await statusOf(listing.orderHash)).toBe('cancelled');
      const fresh = await submit((await signListing(fixture, 9n, { price })).input);
      expect(fresh.listing.status).toBe('active');
    },
    TIMEOUT,
  );
});
