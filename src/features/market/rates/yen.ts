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

/** About how many yen `amount` (wei, in currency `code`) is at the fresh `rates`, or undefined without a rate. */
export function jpyOf(amount: string, code: number, rates: Readonly<Record<number, number>>): number | undefined {
  const info = CURRENCIES[code as CurrencyCode];
  const rate = rates[code];
  if (!info || info.type === CurrencyType.FIAT || rate === undefined) return undefined;
  return Number(approxYen(amount, info.decimals, rate));
}

/** A card answer's listing and last sale with their `jpy` (see {@link jpyOf}); the same for every card endpoint. */
export function withCardYen<
  T extends {
    listing: { currentPrice: string; currencyCode: number } | null;
    lastSale: { price: string; currencyCode: number } | null;
  },
>(card: T, rates: Readonly<Record<number, number>>): T {
  const { listing, lastSale } = card;
  return {
    ...card,
    listing: listing && { ...listing, jpy: jpyOf(listing.currentPrice, listing.currencyCode, rates) },
    lastSale: lastSale && { ...lastSale, jpy: jpyOf(lastSale.price, lastSale.currencyCode, rates) },
  };
}
