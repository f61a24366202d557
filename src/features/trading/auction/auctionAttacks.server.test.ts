/**
 * What one wallet must not be able to do to timed auctions (issue 21), on a real anvil chain and database: a
 * contract-wallet seller whose signature fails in the settler's gas estimate, or only in the mined
 * transaction; bid shielding with a second wallet (pulled before the end, one block before it, or by a revoked
 * allowance); wash auctions below the chain's minimum reserve; losing bids filled after the auction.
 */
import { eq } from 'drizzle-orm';
import { type Hex, maxUint256, parseEther, parseTransaction } from 'viem';
import { describe, expect, onTestFinished, test } from 'vitest';
import { fileAuctionMarket } from '#tests/helpers/fileMarket';
import {
  deployHostileWallet,
  fundWallet,
  giveCard,
  type HostileWallet,
  WalletMode,
} from '#tests/helpers/hostileWallet';
import type { LocalWallet } from '#tests/helpers/localMarket';
import { approveConduit, ownerOfCard } from '#tests/helpers/localMarket';
import { BID_END, signAuction, TEST_SETTLER, walletOf } from '#tests/helpers/testAuctions';
import { TEST_FEE_BPS, TEST_FEE_RECIPIENT } from '#tests/helpers/testMarket';
import { approveWeth, fundOfferer, signOffer, wethOf } from '#tests/helpers/testOffers';
import { TEST_ZONE_SIGNING } from '#tests/helpers/testZone';
import { auctionBids, auctionMinReserves, auctions, cards, offers } from '~/server/db/schema';
import { wrappedNativeAbi } from '../contracts/wrappedNativeAbi';
import { placeOffer } from '../placeOffer/placeOffer.server';
import { recheckOrders } from '../recheck/recheckOrders.server';
import { acceptOffer } from '../seaport/acceptOffer';
import { orderHash } from '../seaport/orderHash';
import { storeSellOrder, submitSellOrder } from '../sell/submitSellOrder.server';
import { fulfilmentData } from '../zone/fulfilmentData.server';
import { gasCoveringReserve, SETTLEMENT_GAS } from './auctionReserve.server';
import { settleAuctions } from './settleAuctions.server';
import { MAX_SETTLEMENT_GAS } from './settlementTx.server';

const { fixture, database, bidders, sync, options } = fileAuctionMarket(parseEther('30'));
const reserve = parseEther('1');

const auctionRow = async (id: number) => (await database.db.select().from(auctions).where(eq(auctions.id, id)))[0];
const bidRows = (auctionId: number) =>
  database.db.select().from(auctionBids).where(eq(auctionBids.auctionId, auctionId));
const ownerOf = (tokenId: bigint) => ownerOfCard(fixture.market, tokenId);
const settlerNonce = () => fixture.market.publicClient.getTransactionCount({ address: TEST_SETTLER.address });

/** The seller's auction of `tokenId`, stored through `POST /api/v1/sell_card`'s function. */
async function listAuction(tokenId: bigint, seconds = 1_200n) {
  const { input } = await signAuction(fixture, tokenId, { reserve, seconds });
  const { listing } = await submitSellOrder(
    database.db,
    { walletAddress: input.seller_address.toLowerCase() },
    input,
    options(),
  );
  return auctionOf(listing.id);
}

async function auctionOf(sellOrderId: number) {
  const [auction] = await database.db.select().from(auctions).where(eq(auctions.sellOrderId, sellOrderId));
  if (!auction) throw new Error('no auction stored');
  return auction;
}

/**
 * A contract wallet's auction of `tokenId`, stored as a listing from before contract wallets were refused in
 * auctions would be (the checks of `sell_card` skipped): the settlement must cope with what is stored.
 */
async function storeHostileAuction(wallet: HostileWallet, tokenId: bigint, seconds = 1_200n) {
  await giveCard(fixture, wallet, tokenId);
  const { input } = await signAuction(fixture, tokenId, {
    reserve,
    seconds,
    offerer: wallet.address,
    signer: wallet.owner,
  });
  const [card] = await database.db.select().from(cards).where(eq(cards.tokenId, tokenId.toString()));
  if (!card) throw new Error('no card');
  const checked = {
    input,
    chainId: 1,
    exchange: fixture.market.contracts.seaport,
    hash: orderHash(input.order),
    card: { id: card.id, ownerAddress: card.ownerAddress },
  };
  const listing = await database.db.transaction((tx) => storeSellOrder(tx, checked, new Date()));
  return { input, auction: await auctionOf(listing.id) };
}

async function bid(wallet: LocalWallet, tokenId: bigint, price: bigint, now = new Date(), offerer?: `0x${string}`) {
  const offer = await signOffer(fixture, wallet, {
    target: { kind: 'token', contract: fixture.card, tokenId },
    unitPrice: price,
    endOffset: BID_END,
    bid: true,
    ...(offerer ? { offerer } : {}),
  });
  const payload = { chain_id: 1, order: offer.order, signature: offer.signature };
  const who = { walletAddress: (offerer ?? wallet.account.address).toLowerCase() };
  const { offer: stored } = await placeOffer(database.db, who, payload, options(now));
  return { ...offer, stored };
}

/** Settles until the auction is over (a few passes at most); the outcomes of every pass. */
async function settleOut(auctionId: number, now: Date, hooks: Parameters<typeof settleAuctions>[3] = {}) {
  const passes = [];
  for (let pass = 0; pass < 5; pass++) {
    passes.push(
      await settleAuctions(database.db, fixture.chain, TEST_SETTLER, { zone: TEST_ZONE_SIGNING, now, ...hooks }),
    );
    const status = (await auctionRow(auctionId))?.status;
    if (status !== 'running' && status !== 'settling') break;
  }
  return passes;
}

describe('settlement no wallet can jam', () => {
  test('a seller whose signature fails in the gas estimate neither stops the settler nor costs honest bidders', async () => {
    const wallet = await deployHostileWallet(fixture, walletOf(fixture, 7));
    const hostile = await storeHostileAuction(wallet, 1n, 1_200n);
    const honest = await listAuction(2n, 1_300n);
    const [a, b] = bidders as [LocalWallet, LocalWallet];
    await bid(a, 1n, reserve);
    await bid(b, 1n, parseEther('1.1'));
    await bid(a, 2n, reserve);
    const after = new Date(honest.endsAt.getTime() + 1_000);
    // The wallet says yes in the latest block (a simulation of it passes) and no from the next one on, where a
    // gas estimate of the pending block and the mined transaction run.
    const latest = await fixture.market.publicClient.getBlockNumber();
    await wallet.setMode(WalletMode.FromBlock, latest + 2n);

    const outcomes = await settleAuctions(database.db, fixture.chain, TEST_SETTLER, {
      zone: TEST_ZONE_SIGNING,
      now: after,
    });
    expect(outcomes.find((outcome) => outcome.auctionId === honest.id)?.status).toBe('settled');
    expect(await ownerOf(2n)).toBe(a.account.address);
    const ended = await auctionRow(hostile.auction.id);
    expect(ended?.status).toBe('unsold');
    expect(ended?.outcome).toMatch(/seller/);
    // The honest bids on the hostile auction were never blamed.
    expect((await bidRows(hostile.auction.id)).map((row) => row.invalidReason)).toEqual([null, null]);
  }, 60_000);

  test('honest bids are not marked when the seller’s signature fails only in the mined transaction', async () => {
    const wallet = await deployHostileWallet(fixture, walletOf(fixture, 8));
    const { auction } = await storeHostileAuction(wallet, 3n);
    const [a, b] = bidders as [LocalWallet, LocalWallet];
    await bid(a, 3n, reserve);
    await bid(b, 3n, parseEther('1.2'));
    const nonce = await settlerNonce();
    const after = new Date(auction.endsAt.getTime() + 1_000);
    // Between the settler's checks and its transaction, the wallet says no from the next block on.
    const afterStore = async () => {
      const latest = await fixture.market.publicClient.getBlockNumber();
      await wallet.setMode(WalletMode.FromBlock, latest + 2n);
    };
    let gas = 0n;
    await settleOut(auction.id, after, {
      afterStore: async () => {
        gas = parseTransaction((await auctionRow(auction.id))?.settleRawTx as Hex).gas ?? 0n;
        await afterStore();
      },
    });
    const ended = await auctionRow(auction.id);
    expect(ended?.status).toBe('unsold');
    expect(ended?.outcome).toMatch(/seller/);
    expect((await bidRows(auction.id)).map((row) => row.invalidReason)).toEqual([null, null]);
    // One reverted settlement, no more, its gas limit the simulated one's (bounded).
    expect(await settlerNonce()).toBe(nonce + 1);
    expect(gas).toBeGreaterThan(0n);
    expect(gas).toBeLessThanOrEqual(MAX_SETTLEMENT_GAS);
  }, 60_000);

  test('a settlement that reverts with no one to blame is retried, three times at most, never blaming the bid', async () => {
    const wallet = await deployHostileWallet(fixture, walletOf(fixture, 5));
    const { auction } = await storeHostileAuction(wallet, 4n);
    const [a] = bidders as [LocalWallet];
    await bid(a, 4n, reserve);
    const nonce = await settlerNonce();
    const after = new Date(auction.endsAt.getTime() + 1_000);
    // Each settlement is mined in the one block in which the wallet says no; every check before and after passes.
    const afterStore = async () => {
      const latest = await fixture.market.publicClient.getBlockNumber();
      await wallet.setMode(WalletMode.AtBlock, latest + 2n);
    };
    const passes = await settleOut(auction.id, after, { afterStore });
    expect(passes.length).toBe(3);
    const ended = await auctionRow(auction.id);
    expect(ended?.status).toBe('unsold');
    expect(ended?.outcome).toMatch(/3/);
    expect((await bidRows(auction.id)).map((row) => row.invalidReason)).toEqual([null]);
    expect(await settlerNonce()).toBe(nonce + 3);
  }, 60_000);
});

describe('contract wallets in timed auctions', () => {
  test('can neither list nor bid: their signature could change between the settlement’s check and its transaction', async () => {
    const wallet = await deployHostileWallet(fixture, walletOf(fixture, 7));
    await giveCard(fixture, wallet, 8n);
    await fundWallet(fixture, wallet, parseEther('5'));
    const { input } = await signAuction(fixture, 8n, {
      reserve,
      seconds: 1_200n,
      offerer: wallet.address,
      signer: wallet.owner,
    });
    const asWallet = { walletAddress: wallet.address.toLowerCase() };
    await expect(submitSellOrder(database.db, asWallet, input, options())).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/own key/),
    });
    await listAuction(9n);
    await expect(bid(wallet.owner, 9n, reserve, new Date(), wallet.address)).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/own key/),
    });
  }, 60_000);
});

describe('fair auctions', () => {
  /**
   * Bid shielding with two wallets: A bids low, B (the same person) bids far above everyone, C bids honestly
   * in between. C's bid stands behind B's (nothing can keep it out), so however B's backing goes, C wins.
   */
  async function shielded(tokenId: bigint) {
    const { id } = await listAuction(tokenId);
    const [a, b, c] = bidders as [LocalWallet, LocalWallet, LocalWallet];
    const start = new Date();
    await bid(a, tokenId, parseEther('1.05'), start);
    await bid(b, tokenId, parseEther('20'), new Date(start.getTime() + 60_000));
    await bid(c, tokenId, parseEther('3'), new Date(start.getTime() + 120_000));
    expect((await bidRows(id)).map((row) => row.invalidReason)).toEqual([null, null, null]);
    return { id, a, b, c };
  }
  /** B's wrapped ether, all but `keep`, unwrapped. */
  async function pullBacking(wallet: LocalWallet, keep = 0n) {
    const { contracts, mined } = fixture.market;
    const balance = await wethOf(fixture, wallet.account.address);
    await mined(
      await wallet.writeContract({
        address: contracts.wrappedNative,
        abi: wrappedNativeAbi,
        functionName: 'withdraw',
        args: [balance - keep],
      }),
    );
    return balance - keep;
  }
  /** Who won: the bidder of the auction's winning offer. */
  const winnerOf = async (id: number) => {
    const winning = (await auctionRow(id))?.winningOfferId;
    return (await bidRows(id)).find((row) => row.offerId === winning)?.bidderAddress;
  };
  /** Settles auction `id` once it has ended (wherever its end moved to); card `tokenId` and the win go to `winner`. */
  const settledTo = async (id: number, tokenId: bigint, winner: LocalWallet) => {
    const ends = (await auctionRow(id))?.endsAt ?? new Date();
    await settleOut(id, new Date(ends.getTime() + 1_000));
    expect(await ownerOf(tokenId)).toBe(winner.account.address);
    expect(await winnerOf(id)).toBe(winner.account.address.toLowerCase());
  };

  test('bid shielding with two wallets, pulled before the end: the shield is disqualified and the honest bid wins', async () => {
    const { id, b, c } = await shielded(5n);
    const pulled = await pullBacking(b);
    onTestFinished(() => fundOfferer(fixture, b, pulled));
    await sync();
    const late = new Date(((await auctionRow(id))?.endsAt.getTime() ?? 0) - 30_000);
    // The offer check sees the shield gone (the indexer followed the bidder's tokens): B is out, the end moves.
    await recheckOrders(database.db, fixture.chain, TEST_FEE_RECIPIENT, late);
    expect((await bidRows(id)).map((row) => row.invalidReason === null)).toEqual([true, false, true]);
    expect((await auctionRow(id))?.endsAt).toEqual(new Date(late.getTime() + 600_000));
    await settledTo(id, 5n, c);
  }, 60_000);

  test('bid shielding pulled one block before the end (no check saw it): the settlement skips the shield, the honest bid wins', async () => {
    const { id, b, c } = await shielded(14n);
    const pulled = await pullBacking(b);
    onTestFinished(() => fundOfferer(fixture, b, pulled));
    // No indexer pass, no offer check: the auction ends with the shield still standing in the database.
    await settledTo(id, 14n, c);
    expect(
      (await bidRows(id)).find((row) => row.bidderAddress === b.account.address.toLowerCase())?.invalidReason,
    ).not.toBeNull();
  }, 60_000);

  test('a top bid whose allowance is revoked before the end cannot decide the auction: the next valid bid wins', async () => {
    const { id, b, c } = await shielded(13n);
    await approveWeth(fixture, b, 0n);
    onTestFinished(() => approveWeth(fixture, b, maxUint256));
    await settledTo(id, 13n, c);
  }, 60_000);

  test('a bid inside the step above the highest is refused; one at or below it stands behind', async () => {
    const { id } = await listAuction(12n);
    const [a, b, c] = bidders as [LocalWallet, LocalWallet, LocalWallet];
    await bid(a, 12n, parseEther('2'));
    // 2.05 leads with a 5 % step at the least: 2.01 lands inside the step.
    await expect(bid(b, 12n, parseEther('2.01'))).rejects.toMatchObject({ status: 422 });
    await expect(bid(b, 12n, parseEther('0.5'))).rejects.toMatchObject({ status: 422 });
    await bid(b, 12n, parseEther('2'));
    await bid(c, 12n, parseEther('1.5'));
    expect((await bidRows(id)).map((row) => row.invalidReason)).toEqual([null, null, null]);
  }, 60_000);

  test('a wash auction below the chain’s minimum reserve is refused; an admin’s minimum wins over the gas price', async () => {
    const seller = (input: { seller_address: string }) => ({ walletAddress: input.seller_address.toLowerCase() });
    // No setting: the platform fee on the reserve must pay a settlement's gas at today's gas price.
    const wash = await signAuction(fixture, 6n, { reserve: 1_000n, seconds: 1_200n });
    await expect(submitSellOrder(database.db, seller(wash.input), wash.input, options())).rejects.toThrow(
      /minimum reserve/,
    );
    const gasPrice = await fixture.market.publicClient.getGasPrice();
    expect(gasCoveringReserve(gasPrice, TEST_FEE_BPS)).toBe((SETTLEMENT_GAS * gasPrice * 10_000n + 249n) / 250n);
    // An admin's minimum for wrapped ether on the chain: 2, so a reserve of 1 is refused.
    await database.db
      .insert(auctionMinReserves)
      .values({ chainId: 1, currencyCode: 4, minReserve: parseEther('2').toString() });
    try {
      const low = await signAuction(fixture, 6n, { reserve, seconds: 1_200n });
      await expect(submitSellOrder(database.db, seller(low.input), low.input, options())).rejects.toThrow(
        /minimum reserve of 2 WETH/,
      );
    } finally {
      await database.db.delete(auctionMinReserves);
    }
  });

  test('losing bids cannot be filled once the auction is over', async () => {
    const auction = await listAuction(7n);
    // The losing bidder bids nowhere else here, so their tokens still back the bid after the auction.
    const [, b, c] = bidders as [LocalWallet, LocalWallet, LocalWallet];
    const losing = await bid(c, 7n, reserve);
    await bid(b, 7n, parseEther('1.05'));
    await settleOut(auction.id, new Date(auction.endsAt.getTime() + 1_000));
    expect(await ownerOf(7n)).toBe(b.account.address);
    await sync();
    const [stored] = await database.db
      .select()
      .from(offers)
      .where(eq(offers.orderHash, orderHash(losing.order)));
    // The winner, now the card's owner, tries to take the losing bid's money for the card.
    const { contracts } = fixture.market;
    await approveConduit(fixture.market, b, contracts.card, true);
    // The server signs no fill of a bid for anyone but the settlement, and without its signature the zone refuses.
    await expect(
      fulfilmentData(
        database.db,
        { orderHash: orderHash(losing.order), fulfiller: b.account.address },
        { chains: [fixture.chain], signing: TEST_ZONE_SIGNING, conduitKey: contracts.conduitKey, now: new Date() },
      ),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      acceptOffer(b, {
        seaport: contracts.seaport,
        order: losing.order,
        signature: losing.signature as Hex,
        tokenId: 7n,
        fulfillerConduitKey: contracts.conduitKey,
      }),
    ).rejects.toThrow();
    expect(await ownerOf(7n)).toBe(b.account.address);
    // Over on the site too: no longer an offer on the card.
    expect(stored?.status).toBe('expired');
  }, 60_000);
});
