/**
 * Yen beside crypto prices: which rate a currency uses (a wrapped coin its native coin's), and the rule that a
 * rate older than an hour is not shown at all rather than shown stale.
 */
import { CURRENCIES, CurrencyCode, CurrencyType, coinOf } from '~/features/chains/currencies';
import { approxYen } from '~/lib/price';

/** How old a rate may be and still be shown. */
export const RATE_MAX_AGE_MS = 60 * 60_000;

/** A rate as stored: yen per whole unit, and when the source observed it. */
export interface StoredRate {
  jpy: number;
  observedAt: Date;
}

/** Whether a rate may be shown at `now`: observed at most {@link RATE_MAX_AGE_MS} ago (and not in the future). */
export function isFresh(rate: StoredRate, now: Date): boolean {
  const age = now.getTime() - rate.observedAt.getTime();
  return age >= -60_000 && age <= RATE_MAX_AGE_MS;
}

/**
 * The yen rate of every currency code a price can carry, from the stored rates that are fresh at `now`: what
 * `Astro.locals.yenRates` holds for `src/ui/data/Price.astro`. A currency with no fresh rate is absent.
 */
export function freshYenRates(stored: ReadonlyMap<number, StoredRate>, now: Date): Record<number, number> {
  const rates: Record<number, number> = {};
  for (const code of Object.values(CurrencyCode)) {
    if (code === CurrencyCode.JPY || code === CurrencyCode.USD) continue;
    const rate = stored.get(coinOf(code));
    if (rate && isFresh(rate, now)) rates[code] = rate.jpy;
  }
  return rates;
}

/**
 * When the oldest of the rates that are fresh at `now` turns stale (ms since the epoch), or undefined when none is
 * fresh: a page showing yen from them may be kept until then and no longer.
 */
export function yenFreshUntil(stored: ReadonlyMap<number, StoredRate>, now: Date): number | undefined {
  const ends = [...stored.values()]
    .filter((rate) => isFresh(rate, now))
    .map((rate) => rate.observedAt.getTime() + RATE_MAX_AGE_MS);
  return ends.length === 0 ? undefined : Math.min(...ends);
}

/** About how many yen `amount` (wei, in currency `code`) is at the fresh `rates`, or undefined without a rate. */
export function jpyOf(amount: string, code: number, rates: Readonly<Record<number, number>>): number | undefined {
  const info = CURRENCIES[code as CurrencyCode];
  const rate = rates[code];
  if (!info || info.type === CurrencyType.FIAT || rate === undefined) return undefined;
  return Number(approxYen(amount, info.decimals, rate));
}

/** The fields that hold a price in wei in the card answer's parts (listing, auction, bids, offers, last sale). */
const PRICE_FIELDS = ['price', 'startPrice', 'endPrice', 'currentPrice', 'reservePrice', 'highestBid', 'minimumBid'];
/** Parts of an answer that are not prices and are not walked: a Seaport order's amounts are its own. */
const NOT_WALKED = new Set(['order', 'signature', 'metadata', 'attributes', 'traits']);

/**
 * `value` with about how many yen beside every price (see {@link jpyOf}): in each object, next to each price field
 * `x` (wei, a decimal string), `xJpy`, in the object's `currencyCode` or its nearest parent's (an auction's bids
 * are in the auction's currency). A price without a fresh rate gets none: the field is optional.
 */
export function withYenPrices<T>(value: T, rates: Readonly<Record<number, number>>, currencyCode?: number): T {
  if (Array.isArray(value)) return value.map((item) => withYenPrices(item, rates, currencyCode)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const source = value as Record<string, unknown>;
  const code = typeof source['currencyCode'] === 'number' ? source['currencyCode'] : currencyCode;
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(source)) {
    result[key] = NOT_WALKED.has(key) ? field : withYenPrices(field, rates, code);
    if (code === undefined || !PRICE_FIELDS.includes(key) || typeof field !== 'string' || !/^\d+$/.test(field))
      continue;
    const jpy = jpyOf(field, code, rates);
    if (jpy !== undefined) result[`${key}Jpy`] = jpy;
  }
  return result as T;
}

/**
 * The card answer with yen beside every price ({@link withYenPrices}), and the short `jpy` of its two headline
 * prices: the listing's current price (what a buyer pays now) and the last sale's; the same for every card endpoint.
 */
export function withCardYen<
  T extends {
    listing: { currentPrice: string; currencyCode: number } | null;
    lastSale: { price: string; currencyCode: number } | null;
  },
>(card: T, rates: Readonly<Record<number, number>>): T {
  const priced = withYenPrices(card, rates);
  const { listing, lastSale } = priced;
  return {
    ...priced,
    listing: listing && { ...listing, jpy: jpyOf(listing.currentPrice, listing.currencyCode, rates) },
    lastSale: lastSale && { ...lastSale, jpy: jpyOf(lastSale.price, lastSale.currencyCode, rates) },
  };
}
