/**
 * Trade offers over HTTP against the built server on a real chain: bad input to `POST /api/v1/trade_offers` and
 * its answers is a clear 4xx and stores nothing; a signed offer is stored, shown on the card's page in both
 * languages without JavaScript, and declined by the card's holder only once. The fill itself, the counter and the
 * indexer's bookings are proved in src/features/trading/trade/trade.server.test.ts.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiClient } from '../helpers/api.ts';
import { transferCard } from '../helpers/localMarket.ts';
import { marketCards, signTrade } from '../helpers/testTrades.ts';
import { ANVIL_KEYS } from '../helpers/testWallet.ts';
import { walletSignIn } from './signIn.ts';
import { eventually, startTradingApp, type TradingApp } from './tradingApp.ts';

let trading: TradingApp;
let holder: ApiClient;

beforeAll(async () => {
  trading = await startTradingApp();
  const { market } = trading.fixture;
  // The buyer holds card 3: the seller offers their cards for it.
  await transferCard(market, 3n, market.buyer.account.address);
  holder = trading.app.client();
  expect((await walletSignIn(holder, privateKeyToAccount(ANVIL_KEYS[2]))).status).toBe(200);
  await eventually(async () => {
    const card = await trading.app.client().get<{ owner: string }>(trading.cardPath(3n));
    return card.body.owner?.toLowerCase() === market.buyer.account.address.toLowerCase();
  });
}, 120_000);

afterAll(async () => {
  await trading?.stop();
});

describe('POST /api/v1/trade_offers', () => {
  test('bad input is a clear 4xx and nothing is stored', async () => {
    const { fixture, seller } = trading;
    const { body: input } = await signTrade(
      fixture,
      fixture.market.seller,
      marketCards(fixture, 1n),
      marketCards(fixture, 3n),
    );
    expect((await trading.app.client().post('/api/v1/trade_offers', input)).status).toBe(401);
    const malformed = await seller.post('/api/v1/trade_offers', undefined, { rawBody: '{"chain_id": 1,' });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    for (const body of [
      {},
      { ...input, chain_id: 'one' },
      { ...input, chain_id: 999 },
      { ...input, signature: '0x1234' },
      { ...input, order: { offerer: 'nobody' } },
      { ...input, order: { ...input.order, offer: [] } },
    ]) {
      const answer = await seller.post<{ message: string }>('/api/v1/trade_offers', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    // Someone else's order: 403.
    expect((await holder.post('/api/v1/trade_offers', input)).status).toBe(403);
    for (const path of ['/api/v1/trade_offers/abc/accept', '/api/v1/trade_offers/-1/decline']) {
      const answer = await holder.post(path, {});
      expect(answer.status).toBe(422);
    }
    expect((await holder.post('/api/v1/trade_offers/999999/decline', {})).status).toBe(404);
    expect((await holder.post('/api/v1/trade_offers/999999/accept', {})).status).toBe(404);
    expect((await holder.post('/api/v1/trade_offers/999999/counter', {})).status).toBe(422);
    const page = await trading.app.client().get<string>(`/tokens/1/${fixture.card.toLowerCase()}/3`);
    expect(page.body).not.toContain('data-trade-offer=');
  }, 60_000);

  test('a signed offer is stored, shown on the card page in both languages, and declined by its holder once', async () => {
    const { fixture, seller } = trading;
    const { body: input } = await signTrade(
      fixture,
      fixture.market.seller,
      marketCards(fixture, 1n, 2n),
      marketCards(fixture, 3n),
    );
    const made = await seller.post<{ trade_offer: { id: number; status: string } }>('/api/v1/trade_offers', input);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await seller.post('/api/v1/trade_offers', input)).status).toBe(200);
    const { id } = made.body.trade_offer;
    const path = `/tokens/1/${fixture.card.toLowerCase()}/3`;
    const ja = await trading.app.client().get<string>(path);
    expect(ja.body).toContain(`data-trade-offer="${id}"`);
    expect(ja.body).toContain('カード交換のオファー');
    expect(ja.body).toContain('#1, #2');
    const en = await trading.app.client().get<string>(`/en${path}`);
    expect(en.body).toContain('Trade offers');
    // Only the holder answers it.
    expect((await seller.post(`/api/v1/trade_offers/${id}/decline`, {})).status).toBe(403);
    const declined = await holder.post<{ trade_offer: { status: string } }>(`/api/v1/trade_offers/${id}/decline`, {});
    expect(declined.status).toBe(200);
    expect(declined.body.trade_offer.status).toBe('declined');
    expect((await holder.post(`/api/v1/trade_offers/${id}/decline`, {})).status).toBe(409);
    expect((await holder.post(`/api/v1/trade_offers/${id}/accept`, {})).status).toBe(409);
    expect((await trading.app.client().get<string>(path)).body).not.toContain(`data-trade-offer="${id}"`);
  }, 60_000);
});
