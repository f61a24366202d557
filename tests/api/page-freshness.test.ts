/**
 * Cached pages follow every kind of change at once, by events and not by their age (pages are kept an hour):
 * a listing (`sell_card`), a sale, a transfer, a cancel and a counter increment made on chain and seen by the
 * indexer, a listing that reaches its end, and cards issued and minted. Each test first makes sure the page is
 * answered from the cache, then makes the change, then sees the page change.
 */
import { erc721Abi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cancelOrders } from '../../src/features/trading/seaport/cancelOrders.ts';
import { fulfillOrder } from '../../src/features/trading/seaport/fulfillOrder.ts';
import { incrementCounter } from '../../src/features/trading/seaport/incrementCounter.ts';
import type { ApiClient, App } from '../helpers/api.ts';
import { signListing, type TestMarket } from '../helpers/testMarket.ts';
import { zoneFill } from '../helpers/testZone.ts';
import { kept, page } from './pageFreshness.ts';
import { CREATOR_PASSWORD, eventually, issueCards, payload, startTradingApp, type TradingApp } from './tradingApp.ts';

let trading: TradingApp;
let fixture: TestMarket;
let app: App;
let seller: ApiClient;
let sellerAddress: string;
let buyerAddress: string;

const LISTED = 'data-listing-status="listed"';
const NOT_LISTED = 'data-listing-status="not-listed"';

beforeAll(async () => {
  trading = await startTradingApp();
  ({ fixture, app, seller } = trading);
  sellerAddress = fixture.market.seller.account.address.toLowerCase();
  buyerAddress = fixture.market.buyer.account.address.toLowerCase();
}, 120_000);

afterAll(async () => {
  await trading?.stop();
});

/** Lists `tokenId` through the API (the token page is dropped at once). */
async function list(tokenId: bigint, options: { endOffset?: bigint } = {}) {
  const signed = await signListing(fixture, tokenId, { price: parseEther('1'), ...options });
  const response = await seller.post('/api/v1/sell_card', payload(signed.input));
  expect(response.status).toBe(201);
  return signed;
}

/** Waits until the page at `path` contains `text` (the indexer works in the background). */
const shows = (path: string, text: string) => eventually(async () => (await page(app, path)).html.includes(text));

describe('API writes', () => {
  test('a listing made through sell_card shows on the next load of the token page and the market', async () => {
    const path = trading.tokenPage(1n);
    expect(await kept(app, path)).toContain(NOT_LISTED);
    const market = await kept(app, '/market?status=listed');
    expect(market).not.toContain(`${fixture.card.toLowerCase()}/1"`);
    await list(1n);
    const after = await page(app, path);
    expect(after.cache).toBe('MISS');
    expect(after.html).toContain(LISTED);
    expect((await page(app, '/market?status=listed')).html).toContain(`${fixture.card.toLowerCase()}/1"`);
  });

  test('cards an illustrator issues (minted on chain) show on their creator page and the collection', async () => {
    const creatorPage = `/creator/${fixture.creator.address.toLowerCase()}`;
    expect(await kept(app, creatorPage)).not.toContain('Freshly issued');
    const illustrator = app.client();
    const signIn = await illustrator.post('/api/v1/illustrator_session', {
      uid: 'creator',
      password: CREATOR_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const issued = await issueCards(app, illustrator, {
      name: 'Freshly issued',
      description: 'New',
      serials: '1',
      category_id: '1',
      royalty_bps: '500',
    });
    expect(issued.status).toBe(201);
    expect((await page(app, creatorPage)).html).toContain('Freshly issued');
    // With no pinning service configured, its token page says Kirafuda alone stores it.
    const [minted] = issued.body['cards'] as { tokenId: string }[];
    const tokenPage = (await page(app, trading.tokenPage(minted?.tokenId ?? '0'))).html;
    expect(tokenPage).toContain('data-pins="none"');
    expect(tokenPage).toContain('現在はKirafudaのみが保管しています');
  }, 30_000);
});

describe('changes seen on chain by the indexer', () => {
  test('a sale: the token page, both inventories and the activity', async () => {
    const { order, signature } = await list(2n);
    const path = trading.tokenPage(2n);
    expect(await kept(app, path)).toContain(LISTED);
    expect(await kept(app, `/user/${buyerAddress}`)).not.toContain('Card 2<');
    expect(await kept(app, `/user/${sellerAddress}`)).toContain('Card 2<');
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
    await shows(path, NOT_LISTED);
    const html = (await page(app, path)).html;
    expect(html).toContain('data-activity-type="sale"');
    expect(html).toContain(buyerAddress);
    expect((await page(app, `/user/${buyerAddress}`)).html).toContain('Card 2<');
    expect((await page(app, `/user/${sellerAddress}`)).html).not.toContain('Card 2<');
  }, 30_000);

  test('a transfer outside Seaport: the owner changes', async () => {
    const path = trading.tokenPage(3n);
    expect(await kept(app, path)).not.toContain(buyerAddress);
    const { seller: wallet, buyer, mined } = fixture.market;
    await mined(
      await wallet.writeContract({
        address: fixture.card,
        abi: erc721Abi,
        functionName: 'transferFrom',
        args: [wallet.account.address, buyer.account.address, 3n],
      }),
    );
    await shows(path, buyerAddress);
  }, 30_000);

  test('a cancel on chain: the listing goes', async () => {
    const { order } = await list(4n);
    const path = trading.tokenPage(4n);
    expect(await kept(app, path)).toContain(LISTED);
    const { seller: wallet, contracts, mined } = fixture.market;
    await mined(await cancelOrders(wallet, { seaport: contracts.seaport, orders: [order] }));
    await shows(path, NOT_LISTED);
  }, 30_000);

  test("a counter increment on chain: all of the seller's listings go", async () => {
    await list(5n);
    await list(6n);
    for (const tokenId of [5n, 6n]) expect(await kept(app, trading.tokenPage(tokenId))).toContain(LISTED);
    const { seller: wallet, contracts, mined } = fixture.market;
    await mined(await incrementCounter(wallet, { seaport: contracts.seaport }));
    await shows(trading.tokenPage(5n), NOT_LISTED);
    await shows(trading.tokenPage(6n), NOT_LISTED);
  }, 30_000);

  test('a listing that reaches its end goes from the page, with no block and no request', async () => {
    await list(7n, { endOffset: 6n });
    const path = trading.tokenPage(7n);
    expect(await kept(app, path)).toContain(LISTED);
    await shows(path, NOT_LISTED);
  }, 30_000);
});
