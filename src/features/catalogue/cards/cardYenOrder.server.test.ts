import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { seedDemo } from '~/dev/seed/demo.ts';
import { CurrencyCode } from '~/features/chains/currencies.ts';
import { storeRates } from '~/features/market/rates/rates.server.ts';
import { freshYenRates, type StoredRate } from '~/features/market/rates/yen.ts';
import { refreshPriceRanks } from '../cardWrites.server.ts';
import type { CardSummary } from '../types.ts';
import { decodeCursor } from './cardCursor.ts';
import type { CardListFilters } from './cardFilters.ts';
import { listCards } from './cards.server.ts';

const NOW = new Date();
const HOURS_AGO = new Date(NOW.getTime() - 2 * 3_600_000);
// ETH (and WETH) and POL have a fresh rate here; BNB, KLAY and ATEM only one two hours old (too old to count).
const STORED = new Map<number, StoredRate>([
  [CurrencyCode.ETH, { jpy: 500_000, observedAt: NOW }],
  [CurrencyCode.POL, { jpy: 80, observedAt: NOW }],
  [CurrencyCode.BNB, { jpy: 90_000, observedAt: HOURS_AGO }],
  [CurrencyCode.KLAYTN, { jpy: 30, observedAt: HOURS_AGO }],
  [CurrencyCode.ATEM, { jpy: 1, observedAt: HOURS_AGO }],
]);
let RATES = freshYenRates(STORED, NOW);
const group = (code: number) => (code === CurrencyCode.POL_LEGACY ? CurrencyCode.POL : code);
/** The listing's yen price at `RATES` (whole yen, rounded down), or null without a rate. */
const yen = (card: CardSummary) => {
  const listing = card.listing;
  const rate = listing ? RATES[listing.currencyCode] : undefined;
  if (!listing || rate === undefined) return null;
  return Number((BigInt(listing.currentPrice) * BigInt(rate)) / 10n ** 18n);
};

const database = fileTestDatabase();
let listed: CardSummary[];
const base: CardListFilters = { page: 1, perPage: 100, sort: 'price_asc', status: 'listed', yenRates: RATES };

/** Stores `rates` as the only rates (the rates job's writer keeps the newest), and ranks the cards at them. */
async function useRates(rates: ReadonlyMap<number, StoredRate>) {
  await database.db.execute(sql`delete from exchange_rates`);
  await storeRates(
    database.db,
    [...rates].map(([currencyCode, rate]) => ({ currencyCode, ...rate, source: 'test' })),
  );
  await refreshPriceRanks(database.db);
  RATES = freshYenRates(rates, NOW);
}

/** Whether `cards` are in the yen order: the rated first by yen price, then the others by currency and price. */
function expectYenOrder(cards: CardSummary[]) {
  const rated = cards.filter((card) => yen(card) !== null);
  const unrated = cards.filter((card) => yen(card) === null);
  expect(cards.slice(0, rated.length)).toEqual(rated);
  const yens = rated.map((card) => yen(card) as number);
  expect(yens).toEqual([...yens].sort((a, b) => a - b));
  const keys = unrated.map((card): [number, bigint] => [
    group(card.listing?.currencyCode ?? 0),
    BigInt(card.listing?.currentPrice ?? 0),
  ]);
  const sorted = [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  expect(keys).toEqual(sorted);
  return { rated, unrated };
}

beforeAll(async () => {
  await seedDemo(database.db);
  await useRates(STORED);
  listed = (await listCards(database.db, base)).items;
}, 60_000);

describe('the price order without a currency, in yen', () => {
  it('puts the listings with a fresh rate first by yen price, then the others by currency and price', () => {
    expect(listed.length).toBeGreaterThan(10);
    const { rated, unrated } = expectYenOrder(listed);
    // ETH, WETH and POL listings mixed in one yen order, ahead of every unrated one.
    expect(new Set(rated.map((card) => group(card.listing?.currencyCode ?? 0))).size).toBeGreaterThan(1);
    expect(unrated.length).toBeGreaterThan(0);
  });

  it('follows a rate change: at a new ETH rate the ETH listings move among the POL ones', async () => {
    const before = listed.map((card) => card.id);
    // ETH at 1/5,000 of its price: every ETH listing now asks fewer yen than most POL ones.
    await useRates(new Map([...STORED, [CurrencyCode.ETH, { jpy: 100, observedAt: NOW }]]));
    const after = (await listCards(database.db, base)).items;
    expectYenOrder(after);
    expect(after.map((card) => card.id)).not.toEqual(before);
    // The dearest first too, by cursor: the same cards, reversed within the rated ones.
    const dearest = (await listCards(database.db, { ...base, sort: 'price_desc' })).items;
    const rated = after.filter((card) => yen(card) !== null).map((card) => yen(card));
    expect(dearest.slice(0, rated.length).map((card) => yen(card))).toEqual([...rated].reverse());
    await useRates(STORED);
    expect((await listCards(database.db, base)).items.map((card) => card.id)).toEqual(before);
  });

  it('pages through the same order by cursor, no card twice or missed', async () => {
    const seen: CardSummary[] = [];
    let after: string | null = null;
    do {
      const cursor = after === null ? undefined : decodeCursor(after, 'price_asc');
      const page = await listCards(database.db, { ...base, perPage: 7, after: cursor });
      seen.push(...page.items);
      after = page.next;
    } while (after !== null);
    expect(seen.map((card) => card.id)).toEqual(listed.map((card) => card.id));
  });

  it('without fresh rates, groups by currency as before', async () => {
    await useRates(new Map([...STORED].map(([code, rate]) => [code, { ...rate, observedAt: HOURS_AGO }])));
    const plain = (await listCards(database.db, { ...base, yenRates: RATES })).items;
    const codes = plain.map((card) => group(card.listing?.currencyCode ?? 0));
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    await useRates(STORED);
  });
});

describe('the yen range', () => {
  it('keeps the listings whose yen price is in it, in any currency, and none without a rate', async () => {
    const prices = listed.map(yen).filter((value): value is number => value !== null);
    const low = prices[Math.floor(prices.length / 4)] as number;
    const high = prices[Math.floor((prices.length * 3) / 4)] as number;
    const inRange = await listCards(database.db, { ...base, jpyMin: low, jpyMax: high });
    expect(inRange.items.map((card) => card.id)).toEqual(
      listed
        .filter((card) => (yen(card) ?? -1) >= low && (yen(card) ?? Number.POSITIVE_INFINITY) <= high)
        .map((card) => card.id),
    );
    expect(inRange.items.length).toBeGreaterThan(0);
    const newest = await listCards(database.db, { ...base, sort: 'newest', status: 'all', jpyMin: 0 });
    expect(newest.items.every((card) => yen(card) !== null)).toBe(true);
    expect(newest.total).toBe(prices.length);
    expect((await listCards(database.db, { ...base, jpyMin: 0, yenRates: {} })).items).toEqual([]);
  });
});

describe('a chosen currency, its price range and the sale type', () => {
  it('keep the listed cards whose live listing matches, in the same price order, and count them', async () => {
    const ids = (cards: CardSummary[]) => cards.map((card) => card.id);
    const price = (card: CardSummary) => BigInt(card.listing?.currentPrice ?? 0);
    const eth = listed.filter((card) => card.listing?.currencyCode === CurrencyCode.ETH);
    expect(eth.length).toBeGreaterThan(3);
    const inEth = await listCards(database.db, { ...base, currencyCodes: [CurrencyCode.ETH] });
    expect(ids(inEth.items)).toEqual(ids(eth));
    expect(inEth.total).toBe(eth.length);
    const dearest = await listCards(database.db, { ...base, sort: 'price_desc', currencyCodes: [CurrencyCode.ETH] });
    // Each read prices a declining listing anew: the order is checked on one read, and the same cards are in it.
    const dearestPrices = dearest.items.map(price);
    expect(dearestPrices).toEqual([...dearestPrices].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(new Set(ids(dearest.items))).toEqual(new Set(ids(eth)));
    // Bounds at two fixed prices (a declining one moves between reads).
    const fixed = eth.filter((card) => card.listing?.saleType === 'fixed').map(price);
    const low = fixed[1] as bigint;
    const high = fixed[fixed.length - 2] as bigint;
    const ranged = await listCards(database.db, {
      ...base,
      currencyCodes: [CurrencyCode.ETH],
      priceMinWei: low.toString(),
      priceMaxWei: high.toString(),
    });
    const expected = eth.filter((card) => price(card) >= low && price(card) <= high);
    expect(ids(ranged.items)).toEqual(ids(expected));
    expect(ranged.total).toBe(expected.length);
    expect(expected.length).toBeLessThan(eth.length);
    for (const saleType of ['auction', 'declining'] as const) {
      const { items } = await listCards(database.db, { ...base, saleType });
      expect(items.length, saleType).toBeGreaterThan(0);
      expect(ids(items)).toEqual(ids(listed.filter((card) => card.listing?.saleType === saleType)));
    }
  });
});
