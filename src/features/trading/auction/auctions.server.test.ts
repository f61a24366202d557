/**
 * Timed auctions against a real anvil chain and database: a listing restricted to the settlement account,
 * bids as token offers (minimum step, anti-sniping extension, refusals), automatic settlement that passes
 * over a winner who can no longer pay, exact payouts, the sale the indexer books, and settlement surviving a
 * crash before and after the transaction is sent.
 */
import { and, eq } from 'drizzle-orm';
import { createWalletClient, type Hex, http, parseEther } from 'viem';
import { describe, expect, test } from 'vitest';
import { fileAuctionMarket } from '#tests/helpers/fileMarket';
import type { LocalWallet } from '#tests/helpers/localMarket';
import { ownerOfCard } from '#tests/helpers/localMarket';
import { BID_END, signAuction, TEST_SETTLER } from '#tests/helpers/testAuctions';
import { TEST_FEE_BPS, TEST_FEE_RECIPIENT } from '#tests/helpers/testMarket';
import { approveWeth, signOffer, wethOf } from '#tests/helpers/testOffers';
import { auctionBids, auctions, notifications, sales, sellOrders, users } from '~/server/db/schema';
import { cardAbi } from '../contracts/cardAbi';
import { checkOffers } from '../offer/checkOffers.server';
import { checkOrders, ORDER_CHECK_INTERVAL_MS } from '../orders/orderHealth.server';
import { placeOffer as submitOffer } from '../placeOffer/placeOffer.server';
import { cancelOrders } from '../seaport/cancelOrders';
import { orderHash } from '../seaport/orderHash';
import type { OrderComponents } from '../seaport/seaportTypes';
import { signOrder } from '../seaport/signOrder';
import { submitSellOrder } from '../sell/submitSellOrder.server';
import { highestBid } from './bids.server';
import { settleAuctions } from './settleAuctions.server';

const { fixture, database, bidders, sync, options } = fileAuctionMarket(parseEther('10'));
const reserve = parseEther('1');

const seller = () => ({ walletAddress: fixture.market.seller.account.address.toLowerCase() });
const walletAddress = (wallet: LocalWallet) => ({ walletAddress: wallet.account.address.toLowerCase() });

async function listAuction(tokenId: bigint, seconds = 1_200n) {
  const { input } = await signAuction(fixture, tokenId, { reserve, seconds });
  const { listing } = await submitSellOrder(database.db, seller(), input, options());
  const [auction] = await database.db.select().from(auctions).where(eq(auctions.sellOrderId, listing.id));
  if (!auction) throw new Error('no auction stored');
  expect(listing.saleType).toBe('auction');
  return { input, listing, auction };
}

async function bid(wallet: LocalWallet, tokenId: bigint, price: bigint, now: Date) {
  const offer = await signOffer(fixture, wallet, {
    target: { kind: 'token', contract: fixture.card, tokenId },
    unitPrice: price,
    endOffset: BID_END,
    zone: TEST_SETTLER.address,
  });
  const { offer: stored } = await submitOffer(database.db, walletAddress(wallet), payloadOf(offer), options(now));
  return { ...offer, stored };
}

/** The parsed `POST /api/v1/offers` body of a signed offer. */
const payloadOf = (offer: { order: OrderComponents; signature: Hex }) => ({
  chain_id: 1,
  order: offer.order,
  signature: offer.signature,
});

const ownerOf = (tokenId: bigint) => ownerOfCard(fixture.market, tokenId);
const royaltyOf = async (tokenId: bigint, price: bigint) =>
  (
    await fixture.market.publicClient.readContract({
      address: fixture.card,
      abi: cardAbi,
      functionName: 'royaltyInfo',
      args: [tokenId, price],
    })
  )[1];
/** The notifications of the user with `wallet`, oldest first: kind and params. */
const noticesOf = (wallet: string) =>
  database.db
    .select({ kind: notifications.kind, eventKey: notifications.eventKey, params: notifications.params })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(users.walletAddress, wallet.toLowerCase()))
    .orderBy(notifications.id);
const auctionRow = async (id: number) => (await database.db.select().from(auctions).where(eq(auctions.id, id)))[0];

describe('a timed auction', () => {
  test('three bidders, a late bid extends the end, the winner loses their allowance and the next bid wins, paid to the wei', async () => {
    const tokenId = 11n;
    const { auction, input } = await listAuction(tokenId);
    const [a, b, c] = bidders as [LocalWallet, LocalWallet, LocalWallet];
    const start = new Date();
    await bid(a, tokenId, reserve, start);
    // The next bid must beat 1 by 5 %.
    await expect(bid(b, tokenId, reserve + 1n, start)).rejects.toMatchObject({ status: 422 });
    const second = parseEther('1.05');
    await bid(b, tokenId, second, new Date(start.getTime() + 60_000));
    expect((await auctionRow(auction.id))?.endsAt).toEqual(auction.endsAt);

    // Five minutes before the end: the end moves to ten minutes after the bid.
    const late = new Date(auction.endsAt.getTime() - 300_000);
    await bid(c, tokenId, parseEther('1.5'), late);
    const extended = (await auctionRow(auction.id))?.endsAt;
    expect(extended).toEqual(new Date(late.getTime() + 600_000));
    await expect(bid(a, tokenId, parseEther('2'), new Date((extended?.getTime() ?? 0) + 1_000))).rejects.toThrow(
      /ended/,
    );
    // The seller heard of each bid taken (not of the refused ones), in one notice that counts the three (bids
    // minutes apart are gathered); the first bidder, a user here, that they were outbid (the other bidders have
    // no account to be told in).
    const sellerNotices = (await noticesOf(input.seller_address)).filter((n) => n.kind === 'bid_received');
    expect(sellerNotices).toHaveLength(1);
    expect(sellerNotices[0]?.params).toMatchObject({ tokenId: tokenId.toString(), n: 3 });
    expect((await noticesOf(a.account.address)).filter((n) => n.kind === 'outbid')).toHaveLength(1);

    // The highest bidder withdraws their allowance: once the offer check sees it, their bid no longer sets
    // the minimum, and at the end the second bid wins.
    await approveWeth(fixture, c, 0n);
    expect(await highestBid(database.db, auction.id)).toBe(parseEther('1.5'));
    await checkOffers(database.db, fixture.chain, new Date(Date.now() + 3_600_000));
    expect(await highestBid(database.db, auction.id)).toBe(second);
    const people = [input.seller_address, TEST_FEE_RECIPIENT, fixture.creator.address, b.account.address] as const;
    const before = await Promise.all(people.map((who) => wethOf(fixture, who)));
    const after = new Date((extended?.getTime() ?? 0) + 1_000);
    // Not before the (extended) end.
    expect(await settleAuctions(database.db, fixture.chain, TEST_SETTLER, { now: late })).toEqual([]);
    const [outcome] = await settleAuctions(database.db, fixture.chain, TEST_SETTLER, { now: after });
    expect(outcome?.status).toBe('settled');
    expect(await ownerOf(tokenId)).toBe(b.account.address);

    const fee = (second * BigInt(TEST_FEE_BPS)) / 10_000n;
    const royalty = await royaltyOf(tokenId, second);
    const deltas = (await Promise.all(people.map((who) => wethOf(fixture, who)))).map((v, i) => v - (before[i] ?? 0n));
    expect(deltas).toEqual([second - fee - royalty, fee, royalty, -second]);
    const bids = await database.db.select().from(auctionBids).where(eq(auctionBids.auctionId, auction.id));
    expect(bids.find((row) => row.bidderAddress === c.account.address.toLowerCase())?.invalidReason).toBe('allowance');

    // The indexer books one sale at the winning bid; another pass changes nothing.
    await sync();
    const booked = await database.db
      .select()
      .from(sales)
      .where(and(eq(sales.chainId, 1), eq(sales.tokenId, tokenId.toString())));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      price: second.toString(),
      platformFee: fee.toString(),
      royalty: royalty.toString(),
      sellerAddress: input.seller_address.toLowerCase(),
      buyerAddress: b.account.address.toLowerCase(),
    });
    const [listing] = await database.db
      .select()
      .from(sellOrders)
      .where(eq(sellOrders.orderHash, orderHash(input.order)));
    expect(listing?.status).toBe('sold');
    expect(await settleAuctions(database.db, fixture.chain, TEST_SETTLER, { now: after })).toEqual([]);
  }, 60_000);

  test('a settlement whose nonce another transaction took is signed anew and settles once', async () => {
    const tokenId = 18n;
    const { auction } = await listAuction(tokenId);
    const [, b] = bidders as [LocalWallet, LocalWallet];
    await bid(b, tokenId, reserve, new Date());
    const after = new Date(auction.endsAt.getTime() + 1_000);
    const { publicClient, mined } = fixture.market;
    const settlerWallet = createWalletClient({ account: TEST_SETTLER, transport: http(fixture.market.anvil.rpcUrl) });
    await expect(
      settleAuctions(database.db, fixture.chain, TEST_SETTLER, {
        now: after,
        // Before the stored settlement is sent, another transaction of the account takes its nonce.
        afterStore: async () => {
          await mined(
            await settlerWallet.sendTransaction({
              to: TEST_SETTLER.address,
              value: 0n,
              chain: null,
            }),
          );
          throw new Error('the server stopped');
        },
      }),
    ).rejects.toThrow(/stopped/);
    const stuck = (await auctionRow(auction.id))?.settleTxHash;
    const outcomes = await settleAuctions(database.db, fixture.chain, TEST_SETTLER, { now: after });
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['running', 'settled']);
    expect(outcomes[1]?.txHash).not.toBe(stuck);
    expect(await ownerOf(tokenId)).toBe(b.account.address);
    expect(await publicClient.getTransactionReceipt({ hash: stuck as Hex }).catch(() => null)).toBeNull();
  }, 60_000);

  test('refuses a bid that pays the royalty receiver more than the royalty (it would outrank honest bids)', async () => {
    const tokenId = 20n;
    await listAuction(tokenId);
    const [a] = bidders as [LocalWallet];
    const offer = await signOffer(fixture, a, {
      target: { kind: 'token', contract: fixture.card, tokenId },
      unitPrice: parseEther('3'),
      endOffset: BID_END,
      zone: TEST_SETTLER.address,
    });
    const [card, fee, royalty] = offer.order.consideration;
    if (!card || !fee || !royalty) throw new Error('the bid lacks its items');
    const inflated = { ...royalty, startAmount: parseEther('2.5'), endAmount: parseEther('2.5') };
    const order = { ...offer.order, consideration: [card, fee, inflated] };
    const signature = await signOrder(a, { order, chainId: 1, seaport: fixture.market.contracts.seaport });
    await expect(
      submitOffer(database.db, walletAddress(a), payloadOf({ order, signature }), options()),
    ).rejects.toThrow(/exactly the platform fee and the royalty/);
  });

  test.each(['afterStore', 'afterSend'] as const)(
    'a crash %s is finished by the next pass with the same transaction, once',
    async (point) => {
      const tokenId = point === 'afterStore' ? 12n : 13n;
      const { auction } = await listAuction(tokenId);
      const [a] = bidders as [LocalWallet];
      await bid(a, tokenId, reserve, new Date());
      const after = new Date(auction.endsAt.getTime() + 1_000);
      const { publicClient } = fixture.market;
      const nonce = await publicClient.getTransactionCount({ address: TEST_SETTLER.address });
      await expect(
        settleAuctions(database.db, fixture.chain, TEST_SETTLER, {
          now: after,
          [point]: async () => {
            throw new Error('the server stopped');
          },
        }),
      ).rejects.toThrow(/stopped/);
      const stored = await auctionRow(auction.id);
      expect(stored?.status).toBe('settling');
      expect(stored?.settleRawTx).toMatch(/^0x/);

      const [outcome] = await settleAuctions(database.db, fixture.chain, TEST_SETTLER, { now: after });
      expect(outcome).toMatchObject({ status: 'settled', txHash: stored?.settleTxHash });
      expect(await ownerOf(tokenId)).toBe(a.account.address);
      expect(await publicClient.getTransactionCount({ address: TEST_SETTLER.address })).toBe(nonce + 1);
      expect((await auctionRow(auction.id))?.status).toBe('settled');
    },
    60_000,
  );

  test('ends unsold without a bid, and cancelled when the seller cancels before the first bid', async () => {
    const quiet = await listAuction(14n);
    const [outcome] = await settleAuctions(database.db, fixture.chain, TEST_SETTLER, {
      now: new Date(quiet.auction.endsAt.getTime() + 1_000),
    });
    expect(outcome?.status).toBe('unsold');
    expect(await ownerOf(14n)).toBe(fixture.market.seller.account.address);
    const [listing] = await database.db.select().from(sellOrders).where(eq(sellOrders.id, quiet.listing.id));
    expect(listing?.status).toBe('expired');
    // The seller hears it ended without a winning bid, once, however often the settler passes again.
    await settleAuctions(database.db, fixture.chain, TEST_SETTLER, {
      now: new Date(quiet.auction.endsAt.getTime() + 60_000),
    });
    const told = (await noticesOf(seller().walletAddress)).filter((n) => n.eventKey === `listing:${quiet.listing.id}`);
    expect(told).toEqual([
      {
        kind: 'listing_ended',
        eventKey: `listing:${quiet.listing.id}`,
        params: expect.objectContaining({ reason: 'unsold', tokenId: '14' }),
      },
    ]);

    const cancelled = await listAuction(17n);
    const { seller: wallet, contracts, mined } = fixture.market;
    await mined(await cancelOrders(wallet, { seaport: contracts.seaport, orders: [cancelled.input.order] }));
    await sync();
    const [ended] = await settleAuctions(database.db, fixture.chain, TEST_SETTLER, {
      now: new Date(cancelled.auction.endsAt.getTime() + 1_000),
    });
    expect(ended?.status).toBe('cancelled');
  });

  test('refuses listings the settlement account could not fill, and bids in another currency or too short', async () => {
    const { input } = await signAuction(fixture, 15n, { reserve, seconds: 1_200n, settler: TEST_FEE_RECIPIENT });
    await expect(submitSellOrder(database.db, seller(), input, options())).rejects.toThrow(/settlement account/);
    const tooShort = await signAuction(fixture, 15n, { reserve, seconds: 300n });
    await expect(submitSellOrder(database.db, seller(), tooShort.input, options())).rejects.toThrow(/10 minutes/);
    const { auction } = await listAuction(16n);
    const [a] = bidders as [LocalWallet];
    const brief = await signOffer(fixture, a, {
      target: { kind: 'token', contract: fixture.card, tokenId: 16n },
      unitPrice: reserve,
      zone: TEST_SETTLER.address,
    });
    await expect(submitOffer(database.db, walletAddress(a), payloadOf(brief), options())).rejects.toThrow(/stay valid/);
    const own = await signOffer(fixture, fixture.market.seller, {
      target: { kind: 'token', contract: fixture.card, tokenId: 16n },
      unitPrice: reserve,
      endOffset: BID_END,
      zone: TEST_SETTLER.address,
    });
    await expect(submitOffer(database.db, seller(), payloadOf(own), options())).rejects.toThrow();
    expect((await auctionRow(auction.id))?.status).toBe('running');
    // The listing asks only the seller's share of the reserve (bids pay fee and royalty): the order check
    // keeps it buyable, so the bid form stays.
    await checkOrders(
      database.db,
      fixture.chain,
      TEST_FEE_RECIPIENT,
      new Date(Date.now() + ORDER_CHECK_INTERVAL_MS + 1_000),
    );
    const [listing] = await database.db.select().from(sellOrders).where(eq(sellOrders.id, auction.sellOrderId));
    expect(listing?.checkedAt?.getTime()).toBeGreaterThan(Date.now());
    expect(listing?.unbuyableReason).toBeNull();
  });
});
