/**
 * Cards for cards on a real anvil chain and database, through Seaport 1.6 and the Kirafuda zone: a collector
 * offers two cards for another holder's card, the holder accepts with the fill the server signs for them, the
 * cards swap and the indexer books each card as a sale with no money payable (nothing for the ledger); a counter
 * is filled only by the collector it names; a declined offer can no longer be accepted; orders the rules refuse
 * are refused before anything is stored.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { getAddress, type Hex, parseEther, toFunctionSelector, zeroAddress } from 'viem';
import { describe, expect, test } from 'vitest';
import { fileTradingMarket } from '#tests/helpers/fileMarket';
import { type LocalWallet, ownerOfCard, transferCard } from '#tests/helpers/localMarket';
import { revertName } from '#tests/helpers/revertName';
import { walletOf } from '#tests/helpers/testAuctions';
import { counterAndRoyalty, TEST_FEE_RECIPIENT } from '#tests/helpers/testMarket';
import { fundOfferer } from '#tests/helpers/testOffers';
import { marketCards, signTrade } from '#tests/helpers/testTrades';
import { TEST_ZONE_SIGNING, zoneExtraData } from '#tests/helpers/testZone';
import { queryCardDetail } from '~/features/catalogue/cards/cardDetail.server';
import { getCategory } from '~/features/catalogue/collections/categories.server';
import { syncChain } from '~/features/indexer/indexChain.server';
import { cardPriceHistory, collectionPriceHistory } from '~/features/market/priceHistory.server';
import { collectionStats } from '~/features/market/stats.server';
import { categories, notifications, revenues, sales, tradeOffers, users } from '~/server/db/schema';
import { fulfillOrder } from '../seaport/fulfillOrder';
import { orderHash } from '../seaport/orderHash';
import type { OrderComponents } from '../seaport/seaportTypes';
import { acceptTradeOffer, declineTrade } from './answerTrade.server';
import { counterTradeOffer, makeTradeOffer } from './makeTrade.server';
import type { BuildTradeParameters, TradeCard } from './tradeOrder';
import type { TradePayload } from './tradePayload';

const { fixture, database, sync, options } = fileTradingMarket(async ({ market }) => {
  // The buyer holds cards 3, 4 and 10; the seller the rest.
  for (const tokenId of [3n, 4n, 10n]) await transferCard(market, tokenId, market.buyer.account.address);
});
const userOf = (wallet: LocalWallet) => ({ walletAddress: wallet.account.address.toLowerCase() });
const cardsOf = (...ids: bigint[]): TradeCard[] => marketCards(fixture, ...ids);

const signedTrade = (
  wallet: LocalWallet,
  give: TradeCard[],
  want: TradeCard[],
  extra: Partial<BuildTradeParameters> = {},
) => signTrade(fixture, wallet, give, want, extra);

/** The taker fills trade `id` with the fill the server answers them. */
async function accept(wallet: LocalWallet, id: number, order: OrderComponents, signature: Hex) {
  const answer = await acceptTradeOffer(database.db, userOf(wallet), id, {
    chains: [fixture.chain],
    signing: TEST_ZONE_SIGNING,
    conduitKey: fixture.market.contracts.conduitKey,
  });
  const { extraData } = answer.advanced_order as { extraData: Hex };
  await fixture.market.mined(
    await fulfillOrder(wallet, {
      seaport: fixture.market.contracts.seaport,
      order,
      signature,
      fulfillerConduitKey: answer.fulfiller_conduit_key,
      method: 'standard',
      value: 0n,
      extraData,
    }),
  );
}

const revenueCount = async () => (await database.db.select({ id: revenues.id }).from(revenues)).length;

async function noticesOf(wallet: LocalWallet, kind: string) {
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.walletAddress, wallet.account.address.toLowerCase()));
  const rows = await database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, user?.id ?? 0));
  return rows.filter((row) => row.kind === kind);
}

describe('cards for cards', () => {
  test('two cards for one: accepted by the holder, the cards swap and each is a sale with no money payable', async () => {
    const { seller, buyer } = fixture.market;
    const { order, signature, input } = await signedTrade(seller, cardsOf(1n, 2n), cardsOf(3n));
    const { row, created } = await makeTradeOffer(database.db, userOf(seller), input, options());
    expect(created).toBe(true);
    expect(row).toMatchObject({ status: 'open', takerAddress: buyer.account.address.toLowerCase(), tokenId: '3' });
    expect(await noticesOf(buyer, 'trade_received')).toHaveLength(1);
    // Only the holder may accept.
    await expect(
      acceptTradeOffer(database.db, userOf(walletOf(fixture, 4)), row.id, {
        signing: TEST_ZONE_SIGNING,
        conduitKey: fixture.market.contracts.conduitKey,
        chains: [fixture.chain],
      }),
    ).rejects.toMatchObject({ status: 403 });

    const revenuesBefore = await revenueCount();
    await accept(buyer, row.id, order, signature);
    expect(await ownerOfCard(fixture.market, 1n)).toBe(getAddress(buyer.account.address));
    expect(await ownerOfCard(fixture.market, 2n)).toBe(getAddress(buyer.account.address));
    expect(await ownerOfCard(fixture.market, 3n)).toBe(getAddress(seller.account.address));

    await sync();
    await sync(); // a range read again books nothing twice
    const booked = await database.db
      .select()
      .from(sales)
      .where(and(eq(sales.contractAddress, fixture.card.toLowerCase()), inArray(sales.tokenId, ['1', '2', '3'])));
    expect(
      booked
        .map((sale) => [
          sale.tokenId,
          sale.sellerAddress,
          sale.buyerAddress,
          sale.price,
          sale.platformFee,
          sale.royalty,
        ])
        .sort(),
    ).toEqual(
      [
        ['1', seller.account.address.toLowerCase(), buyer.account.address.toLowerCase(), '0', '0', '0'],
        ['2', seller.account.address.toLowerCase(), buyer.account.address.toLowerCase(), '0', '0', '0'],
        ['3', buyer.account.address.toLowerCase(), seller.account.address.toLowerCase(), '0', '0', '0'],
      ].sort(),
    );
    expect(new Set(booked.map((sale) => sale.txHash)).size).toBe(1);
    expect(booked.map((sale) => sale.kind)).toEqual(['trade', 'trade', 'trade']);
    // A trade is not a price: no 0 point in the card's history, no last sale, no volume or sales for the collection.
    const card = { chainId: fixture.chain.chainId, contractAddress: fixture.card.toLowerCase(), tokenId: '3' };
    expect((await cardPriceHistory(database.db, card)).sales).toEqual([]);
    expect((await queryCardDetail(database.db, card))?.lastSale).toBeNull();
    expect((await collectionPriceHistory(database.db, card)).filter((day) => day.sales > 0)).toEqual([]);
    const [collection] = await database.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.contractAddress, card.contractAddress));
    for (const period of ['24h', '7d'] as const) {
      const stats = await collectionStats(database.db, { ...card, id: collection?.id ?? 0 }, period);
      expect(stats.volume, period).toEqual([]);
    }
    expect((await getCategory(database.db, collection?.id ?? 0))?.volume).toEqual([]);
    // No money payable: the ledger booked nothing for the trade.
    expect(await revenueCount()).toBe(revenuesBefore);
    const [stored] = await database.db.select().from(tradeOffers).where(eq(tradeOffers.id, row.id));
    expect(stored?.status).toBe('accepted');
    expect(await noticesOf(seller, 'trade_completed')).toHaveLength(1);
    expect(await noticesOf(buyer, 'trade_completed')).toHaveLength(1);
  }, 60_000);

  test('a counter is private to the collector: only they fill it, and it ends the offer it answers', async () => {
    const { seller, buyer, contracts } = fixture.market;
    const first = await signedTrade(seller, cardsOf(5n), cardsOf(4n));
    const { row: offer } = await makeTradeOffer(database.db, userOf(seller), first.input, options());
    // The holder of 4 answers: 4 for 5 and 6, to the seller only.
    const counter = await signedTrade(buyer, cardsOf(4n), cardsOf(5n, 6n), { taker: seller.account.address });
    const { row } = await counterTradeOffer(database.db, userOf(buyer), offer.id, counter.input, options());
    expect(row).toMatchObject({ counterOf: offer.id, takerAddress: seller.account.address.toLowerCase() });
    const [answered] = await database.db.select().from(tradeOffers).where(eq(tradeOffers.id, offer.id));
    expect(answered?.status).toBe('countered');
    expect(await noticesOf(seller, 'trade_received')).toHaveLength(1);

    // Someone else, even with a zone signature in their name, cannot fill it: the zone names the collector.
    const stranger = walletOf(fixture, 4);
    const extraData = await zoneExtraData(fixture.market, orderHash(counter.order), stranger.account.address, {
      context: { feeBps: 0, feeRecipient: TEST_FEE_RECIPIENT },
    });
    const taken = await revertName(
      fulfillOrder(stranger, {
        seaport: contracts.seaport,
        order: counter.order,
        signature: counter.signature,
        fulfillerConduitKey: contracts.conduitKey,
        method: 'standard',
        value: 0n,
        extraData,
      }),
    );
    // The zone's error (Seaport's ABI does not name it): InvalidFulfiller(expected, actual, orderHash).
    expect(taken).toBe(toFunctionSelector('InvalidFulfiller(address,address,bytes32)'));

    await accept(seller, row.id, counter.order, counter.signature);
    expect(await ownerOfCard(fixture.market, 4n)).toBe(getAddress(seller.account.address));
    expect(await ownerOfCard(fixture.market, 5n)).toBe(getAddress(buyer.account.address));
    expect(await ownerOfCard(fixture.market, 6n)).toBe(getAddress(buyer.account.address));
  }, 60_000);

  test('a declined offer can no longer be accepted; its collector is told', async () => {
    const { seller, buyer } = fixture.market;
    const { input } = await signedTrade(seller, cardsOf(7n), cardsOf(10n));
    const { row } = await makeTradeOffer(database.db, userOf(seller), input, options());
    await expect(declineTrade(database.db, userOf(seller), row.id)).rejects.toMatchObject({ status: 403 });
    expect((await declineTrade(database.db, userOf(buyer), row.id)).status).toBe('declined');
    await expect(
      acceptTradeOffer(database.db, userOf(buyer), row.id, {
        chains: [fixture.chain],
        signing: TEST_ZONE_SIGNING,
        conduitKey: fixture.market.contracts.conduitKey,
      }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await noticesOf(seller, 'trade_declined')).toHaveLength(1);
  });

  test('orders the rules refuse are not stored', async () => {
    const { seller, buyer } = fixture.market;
    const refused = async (wallet: LocalWallet, input: TradePayload) => {
      const error = await makeTradeOffer(database.db, userOf(wallet), input, options()).catch((e: unknown) => e);
      return (error as { status?: number }).status;
    };
    // A card the offerer does not hold, a card of their own asked for, someone else's order, no zone, a forged
    // signature, and a private order made as a new offer.
    expect(await refused(seller, (await signedTrade(seller, cardsOf(10n), cardsOf(1n))).input)).toBe(422);
    expect(await refused(seller, (await signedTrade(seller, cardsOf(8n), cardsOf(9n))).input)).toBe(422);
    expect(await refused(buyer, (await signedTrade(seller, cardsOf(8n), cardsOf(10n))).input)).toBe(403);
    expect(
      await refused(seller, (await signedTrade(seller, cardsOf(8n), cardsOf(10n), { zone: zeroAddress })).input),
    ).toBe(422);
    const forged = await signedTrade(seller, cardsOf(8n), cardsOf(10n));
    expect(
      await refused(seller, {
        ...forged.input,
        signature: (await signedTrade(buyer, cardsOf(10n), cardsOf(8n))).signature,
      }),
    ).toBe(422);
    const privateOne = await signedTrade(seller, cardsOf(8n), cardsOf(10n), { taker: buyer.account.address });
    expect(await refused(seller, privateOne.input)).toBe(422);
    const count = await database.db.select().from(tradeOffers).where(eq(tradeOffers.tokenId, '10'));
    expect(count).toHaveLength(1); // the declined one above only
  });

  test('a trade with coin books the wanted card’s royalty for its creator, to the wei, once; a reorganisation reverses it', async () => {
    const { seller, buyer, contracts } = fixture.market;
    const rpc = (method: string, params: unknown[] = []) =>
      fixture.market.publicClient.request({ method, params } as never) as Promise<unknown>;
    const deps = {
      settings: { confirmations: 2, finalityBlocks: 2, batchBlocks: 5_000, pollMs: 50, startBlock: 0n },
      feeRecipient: TEST_FEE_RECIPIENT,
    };
    const royalties = async () =>
      (await database.db.select().from(revenues).where(eq(revenues.kind, 'royalty'))).reduce(
        (sum, row) => sum + BigInt(row.amount),
        0n,
      );
    await rpc('anvil_mine', ['0x3']);
    await syncChain(database.db, fixture.chain, deps);
    const snapshot = (await rpc('evm_snapshot')) as Hex;
    const before = await royalties();
    // The seller gives card 8 and 1 WETH for the buyer's card 10; the buyer pays fee and royalty out of the coin.
    const amount = parseEther('1');
    await fundOfferer(fixture, seller, amount);
    await fundOfferer(fixture, buyer, 0n);
    const [, [receiver, royalty]] = await counterAndRoyalty(fixture, seller.account.address, 10n, amount);
    expect(royalty).toBeGreaterThan(0n);
    const coin = { token: contracts.wrappedNative, amount };
    const { order, signature, input } = await signedTrade(seller, cardsOf(8n), cardsOf(10n), {
      coin,
      royalty: { receiver, amount: royalty },
    });
    const { row } = await makeTradeOffer(database.db, userOf(seller), input, options());
    await accept(buyer, row.id, order, signature);
    await rpc('anvil_mine', ['0x3']);
    await syncChain(database.db, fixture.chain, deps);
    await syncChain(database.db, fixture.chain, deps); // read again: booked once
    expect((await royalties()) - before).toBe(royalty);
    const [paid] = await database.db.select().from(sales).where(eq(sales.tokenId, '10'));
    expect(paid).toMatchObject({ price: amount.toString(), royalty: royalty.toString(), kind: 'trade' });

    expect(await rpc('evm_revert', [snapshot])).toBe(true);
    await syncChain(database.db, fixture.chain, deps);
    await rpc('anvil_mine', ['0xa']);
    await syncChain(database.db, fixture.chain, deps);
    expect(await royalties()).toBe(before);
  }, 90_000);

  test('a trade whose fill a reorganisation threw away is open again, its sales gone', async () => {
    const { seller, buyer } = fixture.market;
    const rpc = (method: string, params: unknown[] = []) =>
      fixture.market.publicClient.request({ method, params } as never) as Promise<unknown>;
    const deps = {
      settings: { confirmations: 2, finalityBlocks: 2, batchBlocks: 5_000, pollMs: 50, startBlock: 0n },
      feeRecipient: TEST_FEE_RECIPIENT,
    };
    await rpc('anvil_mine', ['0x3']);
    await syncChain(database.db, fixture.chain, deps);
    const snapshot = (await rpc('evm_snapshot')) as Hex;
    const { order, signature, input } = await signedTrade(seller, cardsOf(11n), cardsOf(1n));
    const { row } = await makeTradeOffer(database.db, userOf(seller), input, options());
    await accept(buyer, row.id, order, signature);
    await rpc('anvil_mine', ['0x3']);
    await syncChain(database.db, fixture.chain, deps);
    const statusOf = async () =>
      (await database.db.select().from(tradeOffers).where(eq(tradeOffers.id, row.id)))[0]?.status;
    const salesOf11 = () => database.db.select().from(sales).where(eq(sales.tokenId, '11'));
    expect(await statusOf()).toBe('accepted');
    expect(await salesOf11()).toHaveLength(1);

    expect(await rpc('evm_revert', [snapshot])).toBe(true);
    await syncChain(database.db, fixture.chain, deps);
    await rpc('anvil_mine', ['0xa']);
    await syncChain(database.db, fixture.chain, deps);
    expect(await salesOf11()).toEqual([]);
    expect(await statusOf()).toBe('open');
  }, 60_000);
});
