/**
 * The trading and issuing endpoints over HTTP, on the built server pointed at a real anvil chain (chain id 1)
 * through `CHAIN_OVERRIDES_JSON`, with its chain indexer on: a wallet lists a card (`sell_card`), a buyer
 * fills the order on chain and the server's indexer records the sale; cancels are recorded; an illustrator
 * issues cards (`card_issue`) that are minted on chain.
 */
import { erc721Abi, type Hex, parseEther, zeroHash } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cancelOrders } from '../../src/features/trading/seaport/cancelOrders.ts';
import { fulfillOrder } from '../../src/features/trading/seaport/fulfillOrder.ts';
import { considerationAt } from '../../src/features/trading/seaport/orderAmounts.ts';
import type { ApiClient, App } from '../helpers/api.ts';
import { signListing, type TestMarket } from '../helpers/testMarket.ts';
import { zoneFill } from '../helpers/testZone.ts';
import { CREATOR_PASSWORD, eventually, issueCards, payload, startTradingApp, type TradingApp } from './tradingApp.ts';

let trading: TradingApp;
let fixture: TestMarket;
let app: App;
let seller: ApiClient;
let cardPath: TradingApp['cardPath'];

beforeAll(async () => {
  trading = await startTradingApp();
  ({ fixture, app, seller, cardPath } = trading);
}, 120_000);

afterAll(async () => {
  await trading?.stop();
});

describe('POST /api/v1/sell_card', () => {
  test('needs a signed-in wallet (401)', async () => {
    const { input } = await signListing(fixture, 1n, { price: parseEther('1') });
    const response = await app.client().post('/api/v1/sell_card', payload(input));
    expect(response.status).toBe(401);
  });

  test('stores a signed listing (201) and sends the seller to their items page', async () => {
    const { input } = await signListing(fixture, 1n, { price: parseEther('1') });
    const response = await seller.post<{ listing: { status: string; orderHash: string }; redirect: string }>(
      '/api/v1/sell_card',
      payload(input),
    );
    expect(response.status).toBe(201);
    expect(response.body.redirect).toBe(`/user/${fixture.market.seller.account.address.toLowerCase()}`);
    expect(response.body.listing.status).toBe('active');
    const card = await seller.get<{ listing: { orderHash: string } | null }>(cardPath(1n));
    expect(card.body.listing?.orderHash).toBe(response.body.listing.orderHash);
  });

  test('refuses a forged signature (422) and a malformed payload (422), naming the problem', async () => {
    const { input } = await signListing(fixture, 4n, { price: parseEther('1') });
    const forged = await seller.post('/api/v1/sell_card', { ...payload(input), signature: `0x${'11'.repeat(65)}` });
    expect(forged.status).toBe(422);
    expect(forged.body['message']).toMatch(/signature/);
    const malformed = await seller.post('/api/v1/sell_card', { ...payload(input), price: 'a lot' });
    expect(malformed.status).toBe(422);
    expect(malformed.body['message']).toMatch(/price/);
  });

  test("refuses a conduit other than the platform's, even one the seller approved (a price that could never be bought)", async () => {
    const { seller: wallet, contracts, mined } = fixture.market;
    await mined(
      await wallet.writeContract({
        address: fixture.card,
        abi: erc721Abi,
        functionName: 'setApprovalForAll',
        args: [contracts.seaport, true],
      }),
    );
    const { input } = await signListing(fixture, 5n, { price: parseEther('1'), conduitKey: zeroHash });
    const response = await seller.post('/api/v1/sell_card', payload(input));
    expect(response.status).toBe(422);
    expect(response.body['message']).toMatch(/^order.conduitKey must be the platform's/);
  });

  test('refuses a start more than a minute ahead, an end past 180 days, and an end that fits no date (422, never 500)', async () => {
    const day = 86_400n;
    for (const [options, message] of [
      [{ startOffset: 120n }, /startTime/],
      [{ endOffset: 181n * day }, /180 days/],
      [{ endOffset: 2n ** 200n }, /180 days/],
    ] as const) {
      const { input } = await signListing(fixture, 5n, { price: parseEther('1'), ...options });
      const response = await seller.post('/api/v1/sell_card', payload(input));
      expect(response.status).toBe(422);
      expect(response.body['message']).toMatch(message);
    }
  });

  test('a fill on chain is picked up by the server’s indexer: the card changes hands and the listing ends', async () => {
    const { input, order, signature } = await signListing(fixture, 3n, { price: parseEther('2') });
    expect((await seller.post('/api/v1/sell_card', payload(input))).status).toBe(201);
    const { buyer, contracts, mined } = fixture.market;
    await mined(
      await fulfillOrder(buyer, {
        seaport: contracts.seaport,
        order,
        signature,
        fulfillerConduitKey: contracts.conduitKey,
        extraData: await zoneFill(fixture.market, order, buyer.account.address),
      }),
    );
    await eventually(async () => {
      const card = await seller.get<{ owner: string; listing: unknown }>(cardPath(3n));
      return card.body.owner === buyer.account.address.toLowerCase() && card.body.listing === null;
    });
  }, 30_000);
});

describe('a declining price (Dutch auction)', () => {
  test('the card API carries start, end and current price; a fill by another client is recorded at the price paid', async () => {
    const { publicClient, buyer, contracts, mined } = fixture.market;
    const { input, order, signature } = await signListing(fixture, 6n, {
      price: parseEther('2'),
      endPrice: parseEther('0.5'),
      startOffset: -1_200n,
      endOffset: 1_800n,
    });
    const listed = await seller.post<{ listing: { saleType: string; endPrice: string } }>(
      '/api/v1/sell_card',
      payload(input),
    );
    expect(listed.status).toBe(201);
    expect(listed.body.listing).toMatchObject({ saleType: 'declining', endPrice: parseEther('0.5').toString() });
    type Listing = { saleType: string; startPrice: string; endPrice: string; currentPrice: string };
    const card = await seller.get<{ listing: Listing | null }>(cardPath(6n));
    expect(card.body.listing).toMatchObject({
      saleType: 'declining',
      startPrice: parseEther('2').toString(),
      endPrice: parseEther('0.5').toString(),
    });
    const now = BigInt(Math.floor(Date.now() / 1000));
    const shown = BigInt(card.body.listing?.currentPrice ?? '0');
    expect(shown).toBeLessThanOrEqual(parseEther('2'));
    expect(shown).toBeGreaterThanOrEqual(considerationAt(order, now + 5n));

    // The market's sale-type filter finds it among declining listings only.
    type Cards = { items: { tokenId: string; listing: { saleType: string } | null }[] };
    const declining = await seller.get<Cards>('/api/v1/cards?sale_type=declining&per_page=100');
    expect(declining.body.items.map((item) => item.tokenId)).toContain('6');
    expect(declining.body.items.every((item) => item.listing?.saleType === 'declining')).toBe(true);
    const fixed = await seller.get<Cards>('/api/v1/cards?sale_type=fixed&per_page=100');
    expect(fixed.body.items.map((item) => item.tokenId)).not.toContain('6');
    expect((await seller.get('/api/v1/cards?sale_type=cheap')).status).toBe(422);

    // Bought through Seaport directly, paying more than needed: the excess comes back.
    const receipt = await mined(
      await fulfillOrder(buyer, {
        seaport: contracts.seaport,
        order,
        signature,
        fulfillerConduitKey: contracts.conduitKey,
        value: parseEther('2'),
        extraData: await zoneFill(fixture.market, order, buyer.account.address),
      }),
    );
    const { timestamp: at } = await publicClient.getBlock({ blockNumber: receipt.blockNumber });
    const paid = considerationAt(order, at);
    expect(paid).toBeLessThan(parseEther('2'));
    await eventually(async () => {
      const after = await seller.get<{ activity: { type: string; price: string | null }[] }>(cardPath(6n));
      return after.body.activity.some((row) => row.type === 'sale' && row.price === paid.toString());
    });
  }, 30_000);

  test('refuses a price that rises over time (422)', async () => {
    const { input } = await signListing(fixture, 7n, { price: parseEther('1') });
    const [first, ...rest] = input.order.consideration;
    if (!first) throw new Error('no item');
    const rising = { ...input.order, consideration: [{ ...first, endAmount: first.startAmount + 1n }, ...rest] };
    const response = await seller.post('/api/v1/sell_card', payload({ ...input, order: rising }));
    expect(response.status).toBe(422);
    expect(response.body['message']).toMatch(/decline/);
  });
});

describe('cancels', () => {
  test('POST /api/v1/orders/{hash}/cancel ends a zone listing at once, without gas, and records a cancel made on chain', async () => {
    const gasless = await signListing(fixture, 2n, { price: parseEther('1') });
    const listed = await seller.post<{ listing: { orderHash: Hex } }>('/api/v1/sell_card', payload(gasless.input));
    const path = `/api/v1/orders/${listed.body.listing.orderHash}/cancel`;
    const ended = await seller.post<{ listing: { status: string } }>(path);
    expect([ended.status, ended.body.listing.status]).toEqual([200, 'cancelled']);

    const { input, order } = await signListing(fixture, 2n, { price: parseEther('1.5') });
    const relisted = await seller.post<{ listing: { orderHash: Hex } }>('/api/v1/sell_card', payload(input));
    const { seller: wallet, contracts, mined } = fixture.market;
    await mined(await cancelOrders(wallet, { seaport: contracts.seaport, orders: [order] }));
    const cancelled = await seller.post<{ listing: { status: string } }>(
      `/api/v1/orders/${relisted.body.listing.orderHash}/cancel`,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.listing.status).toBe('cancelled');
  });

  test('POST /api/v1/orders/cancel_all answers the counter for a chain, and 422 for an unknown chain', async () => {
    const response = await seller.post<{ counter: string; cancelled: number }>('/api/v1/orders/cancel_all', {
      chain_id: 1,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ counter: '0', cancelled: 0 });
    expect((await seller.post('/api/v1/orders/cancel_all', { chain_id: 999 })).status).toBe(422);
  });
});

describe('POST /api/v1/card_issue', () => {
  const issue = (client: ApiClient, fields: Record<string, string>) => issueCards(app, client, fields);
  const fields = { name: 'New card', description: 'Fresh', serials: '2', category_id: '1', royalty_bps: '800' };

  test('a wallet user may not issue (403)', async () => {
    expect((await issue(seller, fields)).status).toBe(403);
  });

  test('an illustrator issues serials minted to their wallet, shown as their cards', async () => {
    const illustrator = app.client();
    const signIn = await illustrator.post('/api/v1/illustrator_session', {
      uid: 'creator',
      password: CREATOR_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const issued = await issue(illustrator, fields);
    expect(issued.status).toBe(201);
    expect(issued.body['cards']).toEqual([
      { tokenId: '21', serial: 1 },
      { tokenId: '22', serial: 2 },
    ]);
    const card = await illustrator.get<{ name: string; owner: string; image: string }>(cardPath(22n));
    expect(card.body.name).toBe('New card');
    expect(card.body).not.toHaveProperty('nameEn', expect.any(String));
    expect(card.body.owner).toBe(fixture.creator.address.toLowerCase());
    expect(card.body.image).toMatch(/^\/media\/cards\//);
    const image = await fetch(new URL(card.body.image, app.url));
    expect(image.headers.get('content-type')).toBe('image/webp');
  }, 30_000);

  test("English name and description and the creator's traits go into the metadata; bad traits are refused", async () => {
    const illustrator = app.client();
    await illustrator.post('/api/v1/illustrator_session', { uid: 'creator', password: CREATOR_PASSWORD });
    const traits = JSON.stringify([{ type: 'Mood', value: 'Calm' }]);
    const english = { ...fields, serials: '1', name_en: 'New card (en)', description_en: 'Fresh (en)', traits };
    const issued = await issue(illustrator, english);
    expect(issued.status).toBe(201);
    const [made] = issued.body['cards'] as { tokenId: string }[];
    const card = await illustrator.get<{ nameEn: string; descriptionEn: string; traits: unknown[] }>(
      cardPath(BigInt(made?.tokenId ?? '0')),
    );
    expect(card.body).toMatchObject({ nameEn: 'New card (en)', descriptionEn: 'Fresh (en)' });
    expect(card.body.traits).toContainEqual({ traitType: 'Mood', value: 'Calm', displayType: null });
    for (const bad of ['not json', JSON.stringify([{ type: 'Serial', value: '9' }]), JSON.stringify([{ type: 'x' }])]) {
      expect((await issue(illustrator, { ...english, traits: bad })).status, bad).toBe(422);
    }
  }, 30_000);
});
