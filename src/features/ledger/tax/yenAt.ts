/**
 * What an amount was worth in yen when it changed hands, from the rates kept by the hour: the last reading
 * observed at or before that moment, and no older than {@link RATE_LOOKBACK_MS} (else no yen value: the line says
 * so rather than guess). A wrapped coin uses its native coin's rate; yen is itself. The yen value is rounded down
 * to the yen (a negative amount toward zero), and every line names the rate it used (yen per unit, when it was
 * read, its source). Pure.
 *
 * @see ../../../../docs/tax.md ("Which rate")
 */
import { CURRENCIES, CurrencyCode, CurrencyType, coinOf } from '~/features/chains/currencies';

/** How far back a reading may be and still value a trade (a day: the job reads every five minutes). */
export const RATE_LOOKBACK_MS = 24 * 60 * 60_000;

/** One kept reading. */
export interface RateReading {
  jpy: number;
  observedAt: Date;
  source: string;
}

/** The readings per coin, oldest first. */
export type RateHistory = ReadonlyMap<number, readonly RateReading[]>;

/** A yen value and the rate behind it (none for yen itself). */
export interface YenValue {
  jpy: bigint;
  rate: RateReading | null;
}

/** The reading that values currency `code` at `at`, or undefined. */
export function rateAt(history: RateHistory, code: number, at: Date): RateReading | undefined {
  const readings = history.get(coinOf(code));
  if (!readings || readings.length === 0) return undefined;
  let low = 0;
  let high = readings.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const reading = readings[middle];
    if (reading && reading.observedAt.getTime() <= at.getTime()) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  const reading = readings[found];
  return reading && at.getTime() - reading.observedAt.getTime() <= RATE_LOOKBACK_MS ? reading : undefined;
}

/** `amount` (smallest unit, may be negative) in whole yen at `jpyPerUnit`, rounded toward zero. */
export function toYen(amount: bigint, code: number, jpyPerUnit: number): bigint {
  const decimals = CURRENCIES[code as CurrencyCode]?.decimals ?? 18;
  const micro = BigInt(Math.round(jpyPerUnit * 1_000_000));
  return (amount * micro) / (10n ** BigInt(decimals) * 1_000_000n);
}

/** What `amount` of currency `code` was worth in yen at `at`, or undefined without a rate (or in US dollars). */
export function yenAt(history: RateHistory, amount: bigint, code: number, at: Date): YenValue | undefined {
  if (code === CurrencyCode.JPY) return { jpy: amount, rate: null };
  const info = CURRENCIES[code as CurrencyCode];
  if (!info || info.type === CurrencyType.FIAT) return undefined;
  const rate = rateAt(history, code, at);
  return rate ? { jpy: toYen(amount, code, rate.jpy), rate } : undefined;
}

/**
 * The rate columns of a CSV line (`rate_jpy`, `rate_observed_at`, `rate_source`): the reading used, `1` and `JPY`
 * for yen itself, or empty and `no rate` when none was kept for that time.
 */
export function rateColumns(rate: RateReading | null | undefined): [number | '', string, string] {
  if (rate === null) return [1, '', 'JPY'];
  if (rate === undefined) return ['', '', 'no rate'];
  return [rate.jpy, rate.observedAt.toISOString(), rate.source];
}
