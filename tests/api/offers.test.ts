/**
 * Offers end to end on a real chain: the built server checks and stores token, collection and trait offers
 * (`POST /api/v1/offers`), shows them on the card and collection (`GET /api/v1/cards/...`,
 * `/api/v1/collections/{id}/offers`), and its indexer records an owner's accept like a listing sale, to the
 * wei for the seller, the platform fee and the creator's royalty.
 */
import { parseEther, zeroAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { criteriaTree } from '../../src/features/trading/seaport/criteriaTree.ts';
import type { ApiClient } from '../helpers/api.ts';
import { TEST_FEE_BPS, TEST_FEE_RECIPIENT, TEST_ROYALTY_BPS } from '../helpers/testMarket.ts';
import { acceptAs, fundOfferer, signOffer, wethOf } from '../helpers/testOffers.ts';
import { ANVIL_KEYS } from '../helpers/testWallet.ts';
import { walletSignIn } from './signIn.ts';
import { eventually, startTradingApp, type TradingApp } from './tradingApp.ts';

let trading: TradingApp;
let offerer: ApiClient;
let collectionId: number;

/** Cards 4, 8, 12, 16 and 20 are gold; the others silver. */
const rarity = (tokenId: number) => (tokenId % 4 === 0 ? 'Gold' : 'Silver');

interface OfferJson {
  orderHash: string;
  kind: string;
  price: string;
  active: boolean;
  status: string;
  remaining: number;
  proof?: `0x${string}`[];
  inactiveReason: string | null;
}
const cardOffers = async (tokenId: bigint) =>
  (await trading.app.client().get<{ offers: OfferJson[]; owner: string; listing: unknown }>(trading.cardPath(tokenId)))
    .body;

beforeAll(async () => {
  trading = await startTradingApp({
    metadata: (id) => ({ attributes: [{ trait_type: 'Rarity', value: rarity(id) }] }),
  });
  const { market } = trading.fixture;
  offerer = trading.app.client();
  expect((await walletSignIn(offerer, privateKeyToAccount(ANVIL_KEYS[2]))).status).toBe(200);
  await fundOfferer(trading.fixture, market.buyer, parseEther('20'));
  // Accepting a collection offer pays the fee and royalty out of the tokens received: the seller allows that.
  await fundOfferer(trading.fixture, market.seller, 0n);
  // The fresh database's only collection, seeded by seedCatalogue.
  const collection = await trading.app.client().get<{ id: number; contractAddress: string }>('/api/v1/categories/1');
  expect(collection.body.contractAddress).toBe(trading.fixture.card.toLowerCase());
  collectionId = collection.body.id;
}, 120_000);

afterAll(async () => {
  await trading?.stop();
});

describe('GET /api/v1/chains', () => {
  test('gives a Seaport client everything an accepted order needs, and a wallet what adding the chain needs', async () => {
    const { contracts } = trading.fixture.market;
    const response = await trading.app.client().get<{ chains: Record<string, unknown>[] }>('/api/v1/chains');
    expect(response.status).toBe(200);
    const eth = response.body.chains.find((chain) => chain.chainId === 1);
    expect(eth).toMatchObject({
      key: 'ETH',
      exchange: contracts.seaport.toLowerCase(),
      conduitKey: contracts.conduitKey,
      conduit: contracts.conduit.toLowerCase(),
      feeBps: TEST_FEE_BPS,
      feeRecipient: TEST_FEE_RECIPIENT,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    });
    // What a wallet needs to add the chain: public RPC URLs only.
    expect(eth?.['rpcUrls']).toEqual(expect.arrayContaining([expect.stringMatching(/^https?:\/\//)]));
    expect(eth?.['blockExplorerUrls']).toEqual(expect.any(Array));
    expect(eth?.currencies).toEqual(
      expect.arrayContaining([
        { code: 2, symbol: 'ETH', type: 'native', token: null, decimals: 18 },
        { code: 4, symbol: 'WETH', type: 'erc20', token: contracts.wrappedNative.toLowerCase(), decimals: 18 },
      ]),
    );
  });
});

describe('a token offer', () => {
  test('is made, shown on the card, accepted by the owner and recorded as a sale to the wei', async () => {
    const { market, creator } = trading.fixture;
    const price = parseEther('1');
    const offer = await signOffer(trading.fixture, market.buyer, {
      target: { kind: 'token', contract: trading.fixture.card, tokenId: 2n },
      unitPrice: price,
    });
    const owner = trading.app.client();
    expect((await walletSignIn(owner, privateKeyToAccount(ANVIL_KEYS[1]))).status).toBe(200);
    const notices = async (client: ApiClient) =>
      (await client.get<{ items: { text: string; path: string }[] }>('/api/v1/notifications?locale=en')).body.items;
    const made = await offerer.post<{ offer: OfferJson }>('/api/v1/offers', offer.body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.offer).toMatchObject({ kind: 'token', price: price.toString(), active: true, status: 'active' });
    expect((await offerer.post('/api/v1/offers', offer.body)).status).toBe(200);
    // The card's owner hears of it once (the same offer posted again tells nothing new).
    const received = (await notices(owner)).filter((item) => item.text.startsWith('You received an offer'));
    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe(`/tokens/1/${trading.fixture.card.toLowerCase()}/2`);
    expect((await cardOffers(2n)).offers.map((entry) => entry.orderHash)).toEqual([made.body.offer.orderHash]);
    expect((await cardOffers(3n)).offers.filter((entry) => entry.kind === 'token')).toEqual([]);
    // "Sell to best offers" asks which offer each card would go to: card 2's, none for card 3.
    const contract = trading.fixture.card.toLowerCase();
    const bestPath = `/api/v1/users/${market.seller.account.address}/best_offers?chain_id=1&cards=${contract}:2,${contract}:3`;
    const best = await trading.app.client().get<{ items: { tokenId: string; offer: OfferJson | null }[] }>(bestPath);
    expect(best.status).toBe(200);
    expect(best.body.items.map((item) => [item.tokenId, item.offer?.orderHash ?? null])).toEqual([
      ['2', made.body.offer.orderHash],
      ['3', null],
    ]);
    for (const query of ['chain_id=1', `chain_id=999&cards=${contract}:2`, 'chain_id=1&cards=nonsense']) {
      const refused = await trading.app
        .client()
        .get(`/api/v1/users/${market.seller.account.address}/best_offers?${query}`);
      expect(refused.status, query).toBe(422);
    }

    const fee = (price * BigInt(TEST_FEE_BPS)) / 10_000n;
    const royalty = (price * BigInt(TEST_ROYALTY_BPS)) / 10_000n;
    const before = await Promise.all(
      [market.seller.account.address, TEST_FEE_RECIPIENT, creator.address, market.buyer.account.address].map((a) =>
        wethOf(trading.fixture, a),
      ),
    );
    await acceptAs(trading.fixture, market.seller, offer, 2n);
    const after = await Promise.all(
      [market.seller.account.address, TEST_FEE_RECIPIENT, creator.address, market.buyer.account.address].map((a) =>
        wethOf(trading.fixture, a),
      ),
    );
    expect(after.map((value, index) => value - (before[index] ?? 0n))).toEqual([
      price - fee - royalty,
      fee,
      royalty,
      -price,
    ]);

    await eventually(async () => (await cardOffers(2n)).owner === market.buyer.account.address.toLowerCase());
    const card = await trading.app
      .client()
      .get<{ activity: { type: string; price: string; from: string; to: string }[] }>(trading.cardPath(2n));
    expect(card.body.activity[0]).toMatchObject({
      type: 'sale',
      price: price.toString(),
      from: market.seller.account.address.toLowerCase(),
      to: market.buyer.account.address.toLowerCase(),
    });
    const mine = await offerer.get<{ made: OfferJson[] }>(`/api/v1/users/${market.buyer.account.address}/offers`);
    expect(mine.body.made.find((entry) => entry.orderHash === made.body.offer.orderHash)?.status).toBe('filled');
    // The maker hears it was accepted, once.
    expect((await notices(offerer)).filter((item) => item.text.includes('was accepted'))).toHaveLength(1);
  }, 60_000);
});

describe('a collection offer for up to two cards', () => {
  test('is accepted with two different cards, each paid to the wei, then is used up', async () => {
    const { market, creator } = trading.fixture;
    const price = parseEther('0.4');
    const offer = await signOffer(trading.fixture, market.buyer, {
      target: { kind: 'collection', contract: trading.fixture.card },
      unitPrice: price,
      quantity: 2,
    });
    const made = await offerer.post<{ offer: OfferJson }>('/api/v1/offers', offer.body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.offer).toMatchObject({ kind: 'collection', remaining: 2 });
    const listed = await trading.app
      .client()
      .get<{ offers: OfferJson[] }>(`/api/v1/collections/${collectionId}/offers`);
    expect(listed.body.offers.map((entry) => entry.orderHash)).toContain(made.body.offer.orderHash);

    const grid = await trading.app
      .client()
      .get<{ items: { tokenId: string; bestOffer: unknown }[] }>('/api/v1/cards?chain_id=1&per_page=100');
    expect(grid.body.items.find((item) => item.tokenId === '7')?.bestOffer).toEqual({
      price: price.toString(),
      currencyCode: 4,
    });
    const fee = (price * BigInt(TEST_FEE_BPS)) / 10_000n;
    const royalty = (price * BigInt(TEST_ROYALTY_BPS)) / 10_000n;
    for (const tokenId of [5n, 6n]) {
      const parties = [
        market.seller.account.address,
        TEST_FEE_RECIPIENT,
        creator.address,
        market.buyer.account.address,
      ];
      const before = await Promise.all(parties.map((a) => wethOf(trading.fixture, a)));
      await acceptAs(trading.fixture, market.seller, offer, tokenId);
      const after = await Promise.all(parties.map((a) => wethOf(trading.fixture, a)));
      expect(after.map((value, index) => value - (before[index] ?? 0n))).toEqual([
        price - fee - royalty,
        fee,
        royalty,
        -price,
      ]);
    }
    await eventually(async () => {
      const mine = await offerer.get<{ made: OfferJson[] }>(`/api/v1/users/${market.buyer.account.address}/offers`);
      return mine.body.made.find((entry) => entry.orderHash === made.body.offer.orderHash)?.status === 'filled';
    });
    expect((await cardOffers(7n)).offers.map((entry) => entry.orderHash)).not.toContain(made.body.offer.orderHash);
  }, 60_000);
});

describe('a trait offer', () => {
  test('asks only for cards with the trait; the card API and the offer by its hash carry the proof that lets its owner accept', async () => {
    const { market } = trading.fixture;
    const traits = await trading.app
      .client()
      .get<{ traits: { type: string; value: string; count: number; criteria: string }[] }>(
        `/api/v1/collections/${collectionId}/offers`,
      );
    const gold = traits.body.traits.find((entry) => entry.value === 'Gold');
    expect(gold).toMatchObject({ type: 'Rarity', count: 5 });
    // One trait alone, as the offer form asks for its root when it sends an offer.
    const only = (query: string) =>
      trading.app
        .client()
        .get<{ traits: unknown[]; offers: unknown[] }>(`/api/v1/collections/${collectionId}/offers?${query}`);
    expect((await only('trait_type=Rarity&trait_value=Gold')).body.traits).toEqual([gold]);
    expect((await only('trait_type=Rarity&trait_value=Tin')).body.traits).toEqual([]);
    expect((await only('trait_type=Rarity')).status).toBe(422);
    expect((await only(`trait_type=Rarity&trait_value=${'x'.repeat(201)}`)).status).toBe(422);
    const price = parseEther('0.3');
    // A root the offerer chose (a tree over three cards of its choice) is no trait's: refused, nothing stored.
    const listed = await trading.app
      .client()
      .get<{ offers: { orderHash: string }[] }>(`/api/v1/collections/${collectionId}/offers`);
    const chosen = await signOffer(trading.fixture, market.buyer, {
      target: { kind: 'trait', contract: trading.fixture.card, root: criteriaTree([7n, 9n, 12n]).root },
      unitPrice: price,
    });
    const refused = await offerer.post<{ message?: string }>('/api/v1/offers', chosen.body);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/not the root of a trait/);
    const listedAfter = await trading.app
      .client()
      .get<{ offers: { orderHash: string }[] }>(`/api/v1/collections/${collectionId}/offers`);
    expect(listedAfter.body.offers).toEqual(listed.body.offers);
    const offer = await signOffer(trading.fixture, market.buyer, {
      target: { kind: 'trait', contract: trading.fixture.card, root: BigInt(gold?.criteria ?? '0') },
      unitPrice: price,
    });
    const made = await offerer.post<{ offer: OfferJson & { trait: unknown } }>('/api/v1/offers', offer.body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.offer.trait).toEqual({ type: 'Rarity', value: 'Gold' });
    expect((await cardOffers(9n)).offers.map((entry) => entry.orderHash)).not.toContain(made.body.offer.orderHash);
    const shown = (await cardOffers(12n)).offers.find((entry) => entry.orderHash === made.body.offer.orderHash);
    expect(shown?.proof?.length).toBeGreaterThan(0);
    // The offer by its hash, as a page's island asks for it to act: its signed order, and the card's proof.
    const hash = made.body.offer.orderHash;
    const client = trading.app.client();
    type Signed = { offer: { order: Record<string, unknown>; signature: string; proof?: `0x${string}`[] } };
    const one = await client.get<Signed>(`/api/v1/offers/${hash}?token_id=12`);
    expect(one.status).toBe(200);
    expect(one.body.offer.signature).toBe(offer.body.signature);
    expect(String(one.body.offer.order['offerer']).toLowerCase()).toBe(market.buyer.account.address.toLowerCase());
    expect(one.body.offer.proof).toEqual(shown?.proof);
    expect((await client.get<Signed>(`/api/v1/offers/${hash}`)).body.offer.proof).toBeUndefined();
    expect((await client.get(`/api/v1/offers/${hash}?token_id=twelve`)).status).toBe(422);
    expect((await client.get(`/api/v1/offers/0x${'ab'.repeat(32)}`)).status).toBe(404);
    expect((await client.get('/api/v1/offers/not-a-hash')).status).toBe(422);

    const before = await wethOf(trading.fixture, market.seller.account.address);
    await acceptAs(trading.fixture, market.seller, offer, 12n, one.body.offer.proof ?? []);
    const fee = (price * BigInt(TEST_FEE_BPS)) / 10_000n;
    const royalty = (price * BigInt(TEST_ROYALTY_BPS)) / 10_000n;
    expect((await wethOf(trading.fixture, market.seller.account.address)) - before).toBe(price - fee - royalty);
    await eventually(async () => (await cardOffers(12n)).owner === market.buyer.account.address.toLowerCase());
  }, 60_000);
});

describe('refused offers', () => {
  const refusal = async (body: unknown, client = offerer) => {
    const response = await client.post<{ message?: string }>('/api/v1/offers', body);
    return { status: response.status, message: response.body.message ?? '' };
  };
  const target = () => ({ kind: 'token' as const, contract: trading.fixture.card, tokenId: 10n });

  test('say why, for each rule', async () => {
    const { market } = trading.fixture;
    const unitPrice = parseEther('0.1');
    const base = await signOffer(trading.fixture, market.buyer, { target: target(), unitPrice });
    expect(await refusal(base.body, trading.app.client())).toMatchObject({ status: 401 });
    const native = await signOffer(trading.fixture, market.buyer, { target: target(), unitPrice, token: zeroAddress });
    expect(
      await refusal({
        ...native.body,
        order: {
          ...native.body.order,
          offer: (native.body.order.offer as object[]).map((item) => ({ ...item, itemType: 0 })),
        },
      }),
    ).toMatchObject({ status: 422, message: expect.stringMatching(/ERC-20/) });
    const noFee = await signOffer(trading.fixture, market.buyer, { target: target(), unitPrice, feeBps: 0 });
    expect(await refusal(noFee.body)).toMatchObject({ status: 422, message: expect.stringMatching(/platform fee/) });
    const noRoyalty = await signOffer(trading.fixture, market.buyer, { target: target(), unitPrice, noRoyalty: true });
    expect(await refusal(noRoyalty.body)).toMatchObject({ status: 422, message: expect.stringMatching(/royalty/) });
    const long = await signOffer(trading.fixture, market.buyer, {
      target: target(),
      unitPrice,
      endOffset: 200n * 86_400n,
    });
    expect(await refusal(long.body)).toMatchObject({ status: 422, message: expect.stringMatching(/180 days/) });
    const tooMuch = await signOffer(trading.fixture, market.buyer, { target: target(), unitPrice: parseEther('5000') });
    expect(await refusal(tooMuch.body)).toMatchObject({ status: 422, message: expect.stringMatching(/balance/) });
    const flipped = base.signature.slice(0, 10) + (base.signature[10] === 'a' ? 'b' : 'a') + base.signature.slice(11);
    const forged = { ...base.body, signature: flipped };
    expect((await refusal(forged)).status).toBe(422);
    const otherSalt = { ...base.body, order: { ...base.body.order, salt: '1' } };
    expect(await refusal(otherSalt)).toMatchObject({ status: 422, message: expect.stringMatching(/signature/) });
    const unknown = await signOffer(trading.fixture, market.buyer, {
      target: { kind: 'token', contract: '0x00000000000000000000000000000000000c0de1', tokenId: 1n },
      unitPrice,
    });
    expect((await refusal(unknown.body)).status).toBe(404);
    expect(await refusal({ chain_id: 1, order: { offerer: 'nope' }, signature: '0x00' })).toMatchObject({
      status: 422,
    });
    expect(await refusal('not json')).toMatchObject({ status: 422 });
  }, 60_000);

  test('on your own card', async () => {
    const seller = trading.seller;
    const own = await signOffer(trading.fixture, trading.fixture.market.seller, { target: target(), unitPrice: 1000n });
    expect(await refusal(own.body, seller)).toMatchObject({ status: 422, message: 'You own this card' });
  });
});
