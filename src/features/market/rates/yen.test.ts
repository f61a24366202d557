import { describe, expect, it } from 'vitest';
import { CurrencyCode } from '~/features/chains/currencies';
import { approxYen } from '~/lib/price';
import { httpSource, localSource } from './sources.server';
import { freshYenRates, isFresh, jpyOf, RATE_MAX_AGE_MS, withCardYen, yenFreshUntil } from './yen';

const NOW = new Date('2026-03-10T03:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('the stale-rate rule', () => {
  it('shows a rate up to an hour old and hides it a moment later', () => {
    expect(isFresh({ jpy: 1, observedAt: ago(RATE_MAX_AGE_MS) }, NOW)).toBe(true);
    expect(isFresh({ jpy: 1, observedAt: ago(RATE_MAX_AGE_MS + 1) }, NOW)).toBe(false);
    expect(isFresh({ jpy: 1, observedAt: ago(-10 * 60_000) }, NOW)).toBe(false);
  });

  it('gives wrapped coins their native coin’s rate and leaves out currencies whose rate is stale', () => {
    const stored = new Map([
      [CurrencyCode.ETH, { jpy: 500_000, observedAt: ago(5 * 60_000) }],
      [CurrencyCode.BNB, { jpy: 90_000, observedAt: ago(2 * RATE_MAX_AGE_MS) }],
      [CurrencyCode.POL, { jpy: 80, observedAt: ago(0) }],
    ]);
    const rates = freshYenRates(stored, NOW);
    expect(rates[CurrencyCode.ETH]).toBe(500_000);
    expect(rates[CurrencyCode.WETH]).toBe(500_000);
    expect(rates[CurrencyCode.POL_LEGACY]).toBe(80);
    expect(rates[CurrencyCode.WPOL]).toBe(80);
    expect(CurrencyCode.BNB in rates).toBe(false);
    expect(CurrencyCode.WBNB in rates).toBe(false);
    expect(CurrencyCode.JPY in rates).toBe(false);
  });
});

describe('how long a page may keep its yen', () => {
  it('until the oldest fresh rate turns stale; a stale rate does not count', () => {
    const stored = new Map([
      [CurrencyCode.ETH, { jpy: 500_000, observedAt: ago(10 * 60_000) }],
      [CurrencyCode.POL, { jpy: 80, observedAt: ago(40 * 60_000) }],
      [CurrencyCode.BNB, { jpy: 90_000, observedAt: ago(RATE_MAX_AGE_MS + 1) }],
    ]);
    expect(yenFreshUntil(stored, NOW)).toBe(NOW.getTime() + 20 * 60_000);
    expect(yenFreshUntil(new Map([[CurrencyCode.BNB, { jpy: 1, observedAt: ago(RATE_MAX_AGE_MS + 1) }]]), NOW)).toBe(
      undefined,
    );
  });
});

describe('yen beside a price', () => {
  it('rounds to the yen from wei', () => {
    // 0.0246813 ETH at ¥500,000 = ¥12,340.65 -> ¥12,341.
    expect(approxYen(24_681_300_000_000_000n, 18, 500_000)).toBe(12_341n);
    expect(approxYen('1000000000000000000', 18, 80.5)).toBe(81n);
  });

  it('gives an API price its yen only with a rate, never for a yen price', () => {
    const rates = { [CurrencyCode.WETH]: 500_000 };
    expect(jpyOf('2000000000000000000', CurrencyCode.WETH, rates)).toBe(1_000_000);
    expect(jpyOf('2000000000000000000', CurrencyCode.BNB, rates)).toBeUndefined();
    expect(jpyOf('500', CurrencyCode.JPY, { [CurrencyCode.JPY]: 1 })).toBeUndefined();
  });

  it('puts yen beside every price of a card answer, bids in their auction’s currency, never inside the order', () => {
    const tenths = (n: number) => (BigInt(n) * 10n ** 17n).toString();
    const card = {
      name: 'Star',
      listing: {
        price: tenths(20),
        startPrice: tenths(20),
        endPrice: tenths(10),
        currentPrice: tenths(15),
        currencyCode: CurrencyCode.ETH,
        order: { price: tenths(20), consideration: [{ startAmount: tenths(20) }] },
        auction: {
          currencyCode: CurrencyCode.WETH,
          reservePrice: tenths(5),
          highestBid: null,
          bids: [{ price: tenths(6) }],
        },
      },
      bestOffer: { price: tenths(4), currencyCode: CurrencyCode.WETH },
      lastSale: { price: tenths(30), currencyCode: CurrencyCode.ETH, at: '2026-03-01T00:00:00Z' },
      offers: [
        { price: tenths(4), currencyCode: CurrencyCode.WETH },
        { price: tenths(3), currencyCode: CurrencyCode.BNB },
      ],
    };
    const rates = freshYenRates(new Map([[CurrencyCode.ETH, { jpy: 500_000, observedAt: NOW }]]), NOW);
    const answer = withCardYen(card, rates) as unknown as typeof card & Record<string, never>;
    expect(answer.listing).toMatchObject({
      priceJpy: 1_000_000,
      startPriceJpy: 1_000_000,
      endPriceJpy: 500_000,
      currentPriceJpy: 750_000,
      jpy: 750_000,
      order: card.listing.order,
      auction: { reservePriceJpy: 250_000, highestBid: null, bids: [{ price: tenths(6), priceJpy: 300_000 }] },
    });
    expect(answer.listing.auction).not.toHaveProperty('highestBidJpy');
    expect(answer.bestOffer).toEqual({ ...card.bestOffer, priceJpy: 200_000 });
    expect(answer.lastSale).toEqual({ ...card.lastSale, priceJpy: 1_500_000, jpy: 1_500_000 });
    // BNB has no rate here: its offer carries no yen rather than a wrong one.
    expect(answer.offers).toEqual([{ ...card.offers[0], priceJpy: 200_000 }, card.offers[1]]);
    expect(withCardYen({ listing: null, lastSale: null }, rates)).toEqual({ listing: null, lastSale: null });
  });
});

describe('rate sources', () => {
  it('reads a CoinGecko-shaped price API with its observation time, and nothing from a malformed answer', async () => {
    const answer = { ethereum: { jpy: 512_345.6, last_updated_at: 1_767_225_600 } };
    const fetcher = (async () => new Response(JSON.stringify(answer))) as typeof fetch;
    const readings = await httpSource(
      'https://prices.example/simple',
      { [CurrencyCode.ETH]: 'ethereum' },
      fetcher,
    ).read();
    expect(readings).toEqual([
      {
        currencyCode: CurrencyCode.ETH,
        jpy: 512_345.6,
        observedAt: new Date(1_767_225_600_000),
        source: 'http',
      },
    ]);
    const bad = (async () => new Response(JSON.stringify({ ethereum: { jpy: 'a lot' } }))) as typeof fetch;
    expect(await httpSource('https://prices.example/simple', { 2: 'ethereum' }, bad).read()).toEqual([]);
    const down = (async () => new Response('', { status: 503 })) as typeof fetch;
    await expect(httpSource('https://prices.example/simple', { 2: 'ethereum' }, down).read()).rejects.toThrow(/503/);
  });

  it('stands in locally with fixed rates observed now', async () => {
    expect(await localSource({ 2: 500_000 }, () => NOW).read()).toEqual([
      { currencyCode: 2, jpy: 500_000, observedAt: NOW, source: 'local' },
    ]);
  });
});
