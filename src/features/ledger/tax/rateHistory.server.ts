/**
 * Reads the rates kept by the hour (`exchange_rate_hours`, which the market's rate job writes) for a span of
 * time, as the history ./yenAt.ts values trades from.
 */
import { and, asc, gte, lt } from 'drizzle-orm';
import { exchangeRateHours } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { RATE_LOOKBACK_MS, type RateHistory, type RateReading } from './yenAt';

/** The readings that can value a moment in [from, to), per coin, oldest first. */
export async function rateHistory(db: Database | Transaction, from: Date, to: Date): Promise<RateHistory> {
  const rows = await db
    .select()
    .from(exchangeRateHours)
    .where(
      and(
        gte(exchangeRateHours.observedAt, new Date(from.getTime() - RATE_LOOKBACK_MS)),
        lt(exchangeRateHours.observedAt, to),
      ),
    )
    .orderBy(asc(exchangeRateHours.currencyCode), asc(exchangeRateHours.observedAt));
  const history = new Map<number, RateReading[]>();
  for (const row of rows) {
    const list = history.get(row.currencyCode) ?? [];
    list.push({ jpy: row.jpy, observedAt: row.observedAt, source: row.source });
    history.set(row.currencyCode, list);
  }
  return history;
}
