/**
 * Orders made by a Seaport client we did not write, OpenSea's `@opensea/seaport-js` 4.3, exactly as it makes
 * them (hex salts, numbers as strings, `totalOriginalConsiderationItems`, EIP-2098 compact signatures, bulk
 * signatures with the compact one inside), posted unchanged through the HTTP API of the built server on anvil:
 * fixed and declining listings (`sell_card`), bulk listings (`sell_cards`, and one on `sell_card`), token and
 * collection offers and a bid on a timed auction (`offers`), each restricted to the Kirafuda zone as the chains API
 * says. The cart check finds them buyable; then seaport-js fills a stored listing and accepts a stored offer on
 * chain with what the fulfilment API gives back (the advanced order and the zone's `extraData`), and the server's
 * indexer records both sales; without the zone's signature, or once the listing is cancelled on Kirafuda (no gas),
 * seaport-js cannot fill it, and the fulfilment API answers 409 with the reason. Malformed numbers are refused 422,
 * never 500.
 */
import { ItemType, Seaport } from '@opensea/seaport-js';
import { JsonRpcProvider, Wallet } from 'ethers';
import { type Hex, parseEther, size } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CurrencyCode } from '../../src/features/chains/currencies.ts';
import type { ZoneRules } from '../../src/features/trading/zone/zoneRules.ts';
import type { ApiClient } from '../helpers/api.ts';
import { signAuction } from '../helpers/testAuctions.ts';
import { TEST_FEE_BPS, TEST_FEE_RECIPIENT, TEST_ROYALTY_BPS } from '../helpers/testMarket.ts';
import { approveWeth, fundOfferer } from '../helpers/testOffers.ts';
import { ANVIL_KEYS } from '../helpers/testWallet.ts';
import { walletSignIn } from './signIn.ts';
import { eventually, payload, startTradingApp, type TradingApp } from './tradingApp.ts';

/** What seaport-js's use cases resolve to. */
interface SignedOrder {
  parameters: Record<string, unknown> & { salt: string; consideration: unknown[] };
  signature: string;
}

let trading: TradingApp;
let offerer: ApiClient;
/** seaport-js for the seller (anvil account 1) and the buyer (account 2), signing with ethers wallets. */
let sellerJs: Seaport;
let buyerJs: Seaport;
let now: bigint;
/** The zone as `GET /api/v1/chains` publishes it. */
let zone: ZoneRules;

const fees = () => [
  { recipient: TEST_FEE_RECIPIENT, basisPoints: TEST_FEE_BPS },
  { recipient: trading.fixture.creator.address, basisPoints: TEST_ROYALTY_BPS },
];

function seaportFor(key: Hex): Seaport {
  const { market } = trading.fixture;
  const signer = new Wallet(key, new JsonRpcProvider(market.anvil.rpcUrl, 1, { staticNetwork: true }));
  // seaport-js is typed against ethers' CommonJS build, this test imports its ES module build: same class.
  return new Seaport(signer as never, {
    overrides: { contractAddress: market.contracts.seaport },
    conduitKeyToConduit: { [market.contracts.conduitKey]: market.contracts.conduit },
  });
}

/** seaport-js's listing of card `tokenId` for `price` (declining to `endPrice`), fee and royalty as `fees`. */
async function jsListing(tokenId: bigint, price: bigint, endPrice?: bigint): Promise<SignedOrder> {
  const { contracts, seller } = trading.fixture.market;
  const use = await sellerJs.createOrder({
    conduitKey: contracts.conduitKey,
    startTime: String(now - 60n),
    endTime: String(now + 86_400n),
    offer: [{ itemType: ItemType.ERC721, token: trading.fixture.card, identifier: tokenId.toString() }],
    consideration: [
      {
        amount: price.toString(),
        ...(endPrice === undefined ? {} : { endAmount: endPrice.toString() }),
        recipient: seller.account.address,
      },
    ],
    fees: fees(),
    ...zoned(),
  });
  return (await use.executeAllActions()) as unknown as SignedOrder;
}

/** The sell-card body of a seaport-js listing: the order and signature as seaport-js gave them. */
function sellCard(tokenId: bigint, price: bigint, signed: SignedOrder) {
  const { contracts, seller } = trading.fixture.market;
  return {
    chain_id: 1,
    contract_address: trading.fixture.card,
    token_id: tokenId.toString(),
    price: `0x${price.toString(16)}`,
    signature: signed.signature,
    seller_address: seller.account.address,
    exchange: contracts.seaport,
    currency_code: CurrencyCode.ETH,
    order: signed.parameters,
  };
}

/** seaport-js's WETH offer of `amount` on card `tokenId`, or on any card of the collection. */
async function jsOffer(
  target: bigint | 'collection',
  amount: bigint,
  endOffset = 86_400n,
  zoneHash?: string,
): Promise<SignedOrder> {
  const { contracts, buyer } = trading.fixture.market;
  const wanted =
    target === 'collection'
      ? { itemType: ItemType.ERC721 as const, token: trading.fixture.card, identifiers: [] }
      : { itemType: ItemType.ERC721 as const, token: trading.fixture.card, identifier: target.toString() };
  const use = await buyerJs.createOrder({
    conduitKey: contracts.conduitKey,
    startTime: String(now - 60n),
    endTime: String(now + endOffset),
    offer: [{ token: contracts.wrappedNative, amount: amount.toString() }],
    consideration: [{ ...wanted, recipient: buyer.account.address }],
    fees: fees(),
    // Every order names the Kirafuda zone; a bid on a timed auction says so in its zone hash.
    ...zoned(zoneHash),
  });
  return (await use.executeAllActions()) as unknown as SignedOrder;
}

/** What seaport-js is told to make a zone order: the zone of `GET /api/v1/chains`, restricted, and its zone hash. */
const zoned = (zoneHash?: string) => ({
  zone: zone.address,
  restrictedByZone: true,
  ...(zoneHash ? { zoneHash } : {}),
});

/** The fulfilment API's answer for `fulfiller` filling the order `orderHash`. */
async function fulfilment(orderHash: string, fulfiller: string, tokenId?: bigint) {
  return trading.app.client().post<{
    fulfillment_data: { orders: { parameters: Record<string, unknown>; signature: string; extraData: string }[] };
    reason?: string;
  }>(`/api/v1/orders/${orderHash}/fulfillment`, { fulfiller, ...(tokenId ? { token_id: tokenId.toString() } : {}) });
}

const isSeaportJsShape = (signed: SignedOrder) => {
  expect(signed.parameters.salt).toMatch(/^0x[0-9a-f]{64}$/);
  expect(signed.parameters['totalOriginalConsiderationItems']).toBe(signed.parameters.consideration.length);
};

beforeAll(async () => {
  trading = await startTradingApp();
  offerer = trading.app.client();
  expect((await walletSignIn(offerer, privateKeyToAccount(ANVIL_KEYS[2]))).status).toBe(200);
  await fundOfferer(trading.fixture, trading.fixture.market.buyer, parseEther('20'));
  sellerJs = seaportFor(ANVIL_KEYS[1]);
  buyerJs = seaportFor(ANVIL_KEYS[2]);
  const chains = await trading.app.client().get<{ chains: { chainId: number; zone: ZoneRules }[] }>('/api/v1/chains');
  const published = chains.body.chains.find((chain) => chain.chainId === 1)?.zone;
  if (!published) throw new Error('the chains API publishes no zone');
  zone = published;
  now = (await trading.fixture.market.publicClient.getBlock()).timestamp;
}, 120_000);

afterAll(async () => {
  await trading?.stop();
});

describe('listings made by seaport-js', () => {
  test('a fixed and a declining listing are stored (201), their compact signatures kept as sent', async () => {
    const fixed = await jsListing(1n, parseEther('1'));
    isSeaportJsShape(fixed);
    expect(size(fixed.signature as Hex)).toBe(64);
    const stored = await trading.seller.post<{ listing: { orderHash: string; saleType: string } }>(
      '/api/v1/sell_card',
      sellCard(1n, parseEther('1'), fixed),
    );
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    expect(stored.body.listing.saleType).toBe('fixed');

    const declining = await jsListing(2n, parseEther('2'), parseEther('0.5'));
    const dutch = await trading.seller.post<{ listing: { orderHash: string; saleType: string } }>(
      '/api/v1/sell_card',
      sellCard(2n, parseEther('2'), declining),
    );
    expect(dutch.status, JSON.stringify(dutch.body)).toBe(201);
    expect(dutch.body.listing.saleType).toBe('declining');

    // The cart check re-reads both on chain (signature included) and gives back what was sent.
    const check = await trading.app.client().post<{
      orders: { orderHash: string; buyable: boolean; reason: string | null; listing: { signature: string } }[];
    }>('/api/v1/cart/check', {
      chain_id: 1,
      order_hashes: [stored.body.listing.orderHash, dutch.body.listing.orderHash],
    });
    expect(check.status).toBe(200);
    expect(check.body.orders.map((order) => [order.buyable, order.reason])).toEqual([
      [true, null],
      [true, null],
    ]);
    expect(check.body.orders[0]?.listing.signature).toBe(fixed.signature.toLowerCase());
  }, 60_000);

  test('bulk listings (one compact signature over a tree) are stored through sell_cards and sell_card', async () => {
    const { contracts, seller } = trading.fixture.market;
    const prices = [parseEther('0.3'), parseEther('0.4'), parseEther('0.5')];
    const tokenIds = [3n, 4n, 5n];
    const use = await sellerJs.createBulkOrders(
      tokenIds.map((tokenId, i) => ({
        conduitKey: contracts.conduitKey,
        startTime: String(now - 60n),
        endTime: String(now + 86_400n),
        offer: [{ itemType: ItemType.ERC721, token: trading.fixture.card, identifier: tokenId.toString() }],
        consideration: [{ amount: String(prices[i]), recipient: seller.account.address }],
        fees: fees(),
        ...zoned(),
      })),
    );
    const signed = (await use.executeAllActions()) as unknown as SignedOrder[];
    // 64-byte signature, 3-byte index, two 32-byte proof hashes (a tree of four).
    expect(signed.map((order) => size(order.signature as Hex))).toEqual([131, 131, 131]);
    const [first, second, third] = signed as [SignedOrder, SignedOrder, SignedOrder];
    const many = await trading.seller.post<{ created: number }>('/api/v1/sell_cards', {
      listings: [sellCard(3n, prices[0] as bigint, first), sellCard(4n, prices[1] as bigint, second)],
    });
    expect(many.status, JSON.stringify(many.body)).toBe(201);
    expect(many.body.created).toBe(2);
    const one = await trading.seller.post('/api/v1/sell_card', sellCard(5n, prices[2] as bigint, third));
    expect(one.status, JSON.stringify(one.body)).toBe(201);
  }, 60_000);

  test('malformed numbers are refused 422 naming the field, never 500', async () => {
    const signed = await jsListing(9n, parseEther('1'));
    for (const salt of ['-1', '1e3', '0x', `0x1${'0'.repeat(64)}`, 2 ** 60, 1.5, null, { hex: '0x1' }]) {
      const response = await trading.seller.post('/api/v1/sell_card', {
        ...sellCard(9n, parseEther('1'), signed),
        price: parseEther('1').toString(),
        order: { ...signed.parameters, salt },
      });
      expect(response.status, JSON.stringify(salt)).toBe(422);
      // Only the salt is wrong: a JSON number past 2^53 - 1 is not read as some other salt.
      expect(response.body['message']).toMatch(
        typeof salt === 'number' && salt > 2 ** 53 ? /^order\.salt: must be a string/ : /^order\.salt:/,
      );
    }
    const price = await trading.seller.post('/api/v1/sell_card', { ...sellCard(9n, 1n, signed), price: '-0x1' });
    expect(price.status).toBe(422);
    expect(price.body['message']).toMatch(/^price/);
  });

  test('seaport-js fills a stored listing with what the fulfilment API gives back; the indexer records the sale', async () => {
    const { market } = trading.fixture;
    const buyer = market.buyer.account.address;
    const price = parseEther('0.7');
    const signed = await jsListing(8n, price);
    const stored = await trading.seller.post<{ listing: { orderHash: string } }>(
      '/api/v1/sell_card',
      sellCard(8n, price, signed),
    );
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const answer = await fulfilment(stored.body.listing.orderHash, buyer);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [listing] = answer.body.fulfillment_data.orders;
    if (!listing) throw new Error('the fulfilment API gave back no order');
    const order = { parameters: listing.parameters as never, signature: listing.signature };
    // Without the zone's signature seaport-js's transaction reverts.
    const unsigned = await buyerJs.fulfillOrder({
      order,
      accountAddress: buyer,
      conduitKey: market.contracts.conduitKey,
    });
    await expect(unsigned.executeAllActions()).rejects.toThrow();
    // With it (and a recipient, so that seaport-js sends the advanced order with its extraData), the card is bought.
    const use = await buyerJs.fulfillOrder({
      order,
      extraData: listing.extraData,
      accountAddress: buyer,
      recipientAddress: buyer,
      conduitKey: market.contracts.conduitKey,
    });
    await (await use.executeAllActions()).wait();
    await eventually(async () => {
      const card = await trading.app.client().get<{ owner: string; listing: unknown }>(trading.cardPath(8n));
      return card.body.owner === market.buyer.account.address.toLowerCase() && card.body.listing === null;
    });
    const sold = await trading.app.client().get<{ activity: { type: string; price: string }[] }>(trading.cardPath(8n));
    expect(sold.body.activity).toContainEqual(expect.objectContaining({ type: 'sale', price: price.toString() }));
  }, 90_000);
});

describe('offers made by seaport-js', () => {
  test('a token and a collection offer are stored (201); the owner accepts the token offer with seaport-js', async () => {
    const { market } = trading.fixture;
    const amount = parseEther('0.6');
    const token = await jsOffer(6n, amount);
    isSeaportJsShape(token);
    const made = await offerer.post<{ offer: { orderHash: string; kind: string } }>('/api/v1/offers', {
      chain_id: 1,
      order: token.parameters,
      signature: token.signature,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.offer.kind).toBe('token');
    const collection = await jsOffer('collection', parseEther('0.2'));
    const any = await offerer.post<{ offer: { kind: string } }>('/api/v1/offers', {
      chain_id: 1,
      order: collection.parameters,
      signature: collection.signature,
    });
    expect(any.status, JSON.stringify(any.body)).toBe(201);
    expect(any.body.offer.kind).toBe('collection');

    // The owner lets the conduit take the fee and royalty out of the WETH they receive.
    await approveWeth(trading.fixture, market.seller, parseEther('1'));
    const owner = market.seller.account.address;
    const answer = await fulfilment(made.body.offer.orderHash, owner);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const use = await sellerJs.fulfillOrder({
      order: token as never,
      extraData: answer.body.fulfillment_data.orders[0]?.extraData ?? '0x',
      accountAddress: owner,
      recipientAddress: owner,
      conduitKey: market.contracts.conduitKey,
    });
    await (await use.executeAllActions()).wait();
    const mine = async () =>
      (
        await offerer.get<{ made: { orderHash: string; status: string }[] }>(
          `/api/v1/users/${market.buyer.account.address}/offers`,
        )
      ).body.made.find((offer) => offer.orderHash === made.body.offer.orderHash);
    await eventually(async () => (await mine())?.status === 'filled');
    const sold = await trading.app
      .client()
      .get<{ owner: string; activity: { type: string; price: string }[] }>(trading.cardPath(6n));
    expect(sold.body.owner).toBe(market.buyer.account.address.toLowerCase());
    expect(sold.body.activity).toContainEqual(expect.objectContaining({ type: 'sale', price: amount.toString() }));
  }, 90_000);

  test('a bid on a timed auction made by seaport-js is placed (201)', async () => {
    const reserve = parseEther('1');
    const { input } = await signAuction(trading.fixture, 7n, { reserve, seconds: 1_200n });
    const listed = await trading.seller.post('/api/v1/sell_card', payload(input));
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    // A bid lasts past the auction's settlement (a day after its end).
    const bid = await jsOffer(7n, reserve, 86_400n + 7_200n, zone.zoneHashes.bid);
    expect(bid.parameters.orderType).toBe(2);
    const placed = await offerer.post<{ offer: { orderHash: string } }>('/api/v1/offers', {
      chain_id: 1,
      order: bid.parameters,
      signature: bid.signature,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const card = await trading.app
      .client()
      .get<{ listing: { auction: { bids: { price: string }[] } | null } | null }>(trading.cardPath(7n));
    expect(card.body.listing?.auction?.bids.map((entry) => entry.price)).toEqual([reserve.toString()]);
  }, 60_000);
});

describe('the fulfilment API', () => {
  test('a listing cancelled on Kirafuda (no gas) gets no signature, so seaport-js cannot fill it; bad input is refused', async () => {
    const { market } = trading.fixture;
    const buyer = market.buyer.account.address;
    const price = parseEther('0.4');
    const signed = await jsListing(10n, price);
    const stored = await trading.seller.post<{ listing: { orderHash: string } }>(
      '/api/v1/sell_card',
      sellCard(10n, price, signed),
    );
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const hash = stored.body.listing.orderHash;
    const before = await fulfilment(hash, buyer);
    expect(before.status).toBe(200);
    const balance = await market.publicClient.getBalance({ address: market.seller.account.address });
    const cancelled = await trading.seller.post<{ listing: { status: string } }>(`/api/v1/orders/${hash}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.listing.status).toBe('cancelled');
    // No transaction was sent: the seller's coin is as it was.
    expect(await market.publicClient.getBalance({ address: market.seller.account.address })).toBe(balance);
    const after = await fulfilment(hash, buyer);
    expect(after.status).toBe(409);
    expect(after.body.reason).toBe('cancelled');
    const use = await buyerJs.fulfillOrder({
      order: signed as never,
      extraData: '0x',
      accountAddress: buyer,
      recipientAddress: buyer,
      conduitKey: market.contracts.conduitKey,
    });
    await expect(use.executeAllActions()).rejects.toThrow();
    expect((await trading.app.client().get<{ owner: string }>(trading.cardPath(10n))).body.owner).toBe(
      market.seller.account.address.toLowerCase(),
    );

    const unknown = await fulfilment(`0x${'ab'.repeat(32)}`, buyer);
    expect([unknown.status, unknown.body.reason]).toEqual([404, 'unknown']);
    const malformed = await trading.app.client().post(`/api/v1/orders/${hash}/fulfillment`, { fulfiller: '0x12' });
    expect(malformed.status).toBe(422);
  }, 90_000);
});
