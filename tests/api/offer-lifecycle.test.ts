/**
 * An offer's life after it is made, on a real chain with the built server's indexer: it goes inactive when
 * the offerer's allowance or balance no longer backs it and comes back when they do again; it ends when the
 * offerer cancels it on chain or bumps their counter; and an owner who accepts it through OpenSea's own
 * Seaport client (as an aggregator would) is recorded like any sale, royalty booked for the creator.
 */
import { Seaport } from '@opensea/seaport-js';
import { JsonRpcProvider, Wallet } from 'ethers';
import { erc20Abi, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { wrappedNativeAbi } from '../../src/features/trading/contracts/wrappedNativeAbi.ts';
import { seaportAbi } from '../../src/features/trading/seaport/seaportAbi.ts';
import type { ApiClient } from '../helpers/api.ts';
import { TEST_ROYALTY_BPS } from '../helpers/testMarket.ts';
import { approveWeth, fundOfferer, signOffer } from '../helpers/testOffers.ts';
import { ANVIL_KEYS } from '../helpers/testWallet.ts';
import { zoneFill } from '../helpers/testZone.ts';
import { walletSignIn } from './signIn.ts';
import { CREATOR_PASSWORD, eventually, startTradingApp, type TradingApp } from './tradingApp.ts';

let trading: TradingApp;
let offerer: ApiClient;

interface OfferJson {
  orderHash: string;
  active: boolean;
  status: string;
  inactiveReason: string | null;
  remaining: number;
}
const shownOn = async (tokenId: bigint, hash: string) =>
  (await trading.app.client().get<{ offers: OfferJson[] }>(trading.cardPath(tokenId))).body.offers.find(
    (offer) => offer.orderHash === hash,
  );
const made = async (hash: string) =>
  (
    await offerer.get<{ made: OfferJson[] }>(`/api/v1/users/${trading.fixture.market.buyer.account.address}/offers`)
  ).body.made.find((offer) => offer.orderHash === hash);

async function makeOffer(tokenId: bigint, unitPrice = parseEther('0.5')) {
  const offer = await signOffer(trading.fixture, trading.fixture.market.buyer, {
    target: { kind: 'token', contract: trading.fixture.card, tokenId },
    unitPrice,
  });
  const response = await offerer.post<{ offer: OfferJson }>('/api/v1/offers', offer.body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { ...offer, hash: response.body.offer.orderHash };
}

beforeAll(async () => {
  trading = await startTradingApp();
  offerer = trading.app.client();
  expect((await walletSignIn(offerer, privateKeyToAccount(ANVIL_KEYS[2]))).status).toBe(200);
  await fundOfferer(trading.fixture, trading.fixture.market.buyer, parseEther('5'));
}, 120_000);

afterAll(async () => {
  await trading?.stop();
});

describe('an offer no longer backed by funds', () => {
  test('goes inactive when the allowance goes and active again when it is back', async () => {
    const { hash } = await makeOffer(3n);
    expect((await shownOn(3n, hash))?.active).toBe(true);
    await approveWeth(trading.fixture, trading.fixture.market.buyer, 0n);
    await eventually(async () => (await shownOn(3n, hash))?.inactiveReason === 'allowance');
    expect((await shownOn(3n, hash))?.active).toBe(false);
    await approveWeth(trading.fixture, trading.fixture.market.buyer, parseEther('100'));
    await eventually(async () => (await shownOn(3n, hash))?.active === true);
  }, 60_000);

  test('goes inactive when the balance goes and active again when it is back', async () => {
    const { market } = trading.fixture;
    const { hash } = await makeOffer(4n, parseEther('4'));
    const { contracts, mined, buyer } = market;
    await mined(
      await buyer.writeContract({
        address: contracts.wrappedNative,
        abi: wrappedNativeAbi,
        functionName: 'withdraw',
        args: [parseEther('3')],
      }),
    );
    await eventually(async () => (await shownOn(4n, hash))?.inactiveReason === 'balance');
    await mined(
      await buyer.writeContract({
        address: contracts.wrappedNative,
        abi: wrappedNativeAbi,
        functionName: 'deposit',
        value: parseEther('3'),
      }),
    );
    await eventually(async () => (await shownOn(4n, hash))?.active === true);
  }, 60_000);
});

describe('cancelling', () => {
  test('one offer: ended on Kirafuda at once without gas, only by its offerer; one cancelled on chain is recorded', async () => {
    const { market } = trading.fixture;
    const gasless = await makeOffer(5n);
    const gaslessPath = `/api/v1/offers/${gasless.hash}/cancel`;
    expect((await trading.seller.post(gaslessPath, {})).status).toBe(403);
    const ended = await offerer.post<{ offer: OfferJson }>(gaslessPath, {});
    expect([ended.status, ended.body.offer.status]).toEqual([200, 'cancelled']);
    const offer = await makeOffer(5n);
    const path = `/api/v1/offers/${offer.hash}/cancel`;
    await market.mined(
      await market.buyer.writeContract({
        address: market.contracts.seaport,
        abi: seaportAbi,
        functionName: 'cancel',
        args: [[{ ...offer.order, offer: [...offer.order.offer], consideration: [...offer.order.consideration] }]],
      }),
    );
    const cancelled = await offerer.post<{ offer: OfferJson }>(path, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.offer.status).toBe('cancelled');
    expect(await shownOn(5n, offer.hash)).toBeUndefined();
  }, 60_000);

  test('every offer at once: the counter bump seen by the indexer ends them', async () => {
    const { market } = trading.fixture;
    const first = await makeOffer(6n);
    const second = await makeOffer(7n);
    await market.mined(
      await market.buyer.writeContract({
        address: market.contracts.seaport,
        abi: seaportAbi,
        functionName: 'incrementCounter',
      }),
    );
    await eventually(async () => (await made(first.hash))?.status === 'cancelled');
    expect((await made(second.hash))?.status).toBe('cancelled');
  }, 60_000);
});

test('an owner accepting through seaport-js is recorded as a sale, with the royalty booked for the creator', async () => {
  const { market, card } = trading.fixture;
  const price = parseEther('0.8');
  const offer = await signOffer(trading.fixture, market.buyer, {
    target: { kind: 'collection', contract: card },
    unitPrice: price,
  });
  const response = await offerer.post<{ offer: OfferJson }>('/api/v1/offers', offer.body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  // The owner lets the conduit take the fee and royalty out of what they receive (as seaport-js would ask).
  await market.mined(
    await market.seller.writeContract({
      address: market.contracts.wrappedNative,
      abi: erc20Abi,
      functionName: 'approve',
      args: [market.contracts.conduit, parseEther('1')],
    }),
  );
  const signer = new Wallet(ANVIL_KEYS[1], new JsonRpcProvider(market.anvil.rpcUrl, 1, { staticNetwork: true }));
  // seaport-js is typed against ethers' CommonJS build, this test imports its ES module build: same class.
  const seaport = new Seaport(signer as never, {
    overrides: { contractAddress: market.contracts.seaport },
    conduitKeyToConduit: { [market.contracts.conduitKey]: market.contracts.conduit },
  });
  const { order } = offer;
  const use = await seaport.fulfillOrder({
    order: {
      parameters: {
        ...Object.fromEntries(Object.entries(offer.body.order)),
        totalOriginalConsiderationItems: order.consideration.length,
      } as never,
      signature: offer.signature,
    },
    considerationCriteria: [{ identifier: '8', proof: [] }],
    extraData: await zoneFill(market, order, market.seller.account.address),
    accountAddress: market.seller.account.address,
    conduitKey: market.contracts.conduitKey,
  });
  await (await use.executeAllActions()).wait();
  await eventually(async () => (await made(response.body.offer.orderHash))?.status === 'filled');
  const sold = await trading.app
    .client()
    .get<{ owner: string; activity: { type: string; price: string }[] }>(trading.cardPath(8n));
  expect(sold.body.owner).toBe(market.buyer.account.address.toLowerCase());
  expect(sold.body.activity[0]).toMatchObject({ type: 'sale', price: price.toString() });

  const illustrator = trading.app.client();
  expect(
    (await illustrator.post('/api/v1/illustrator_session', { uid: 'creator', password: CREATOR_PASSWORD })).status,
  ).toBe(200);
  const report = await illustrator.get<{
    totals: { currencyCode: number; royalty: string; receivedOnChain: string }[];
  }>('/api/v1/dashboard/revenues?period=day');
  const royalty = (price * BigInt(TEST_ROYALTY_BPS)) / 10_000n;
  expect(report.body.totals).toEqual([
    expect.objectContaining({ currencyCode: 4, royalty: royalty.toString(), receivedOnChain: royalty.toString() }),
  ]);
}, 90_000);
