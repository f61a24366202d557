/**
 * Stores the yen rates a source reads (one row per currency: the latest reading and when it was observed), reads
 * them back as the fresh rates a page shows, and chooses the source from the configuration: `RATES_HTTP_URL`
 * (with `RATES_HTTP_IDS`, e.g. `2=ethereum,3=binancecoin`), else Chainlink feeds on Ethereum
 * (`RATES_CHAINLINK_FEEDS`, e.g. `JPY=0x...,2=0x...`), else in the local environment the stand-in's fixed rates.
 * A job on the runner refreshes them every five minutes; a source that fails leaves the stored rates to age, and
 * past an hour the yen figure disappears (./yen.ts).
 */
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { CurrencyCode } from '~/features/chains/currencies';
import { publicClientFor } from '~/features/chains/publicClients.server';
import type { Change } from '~/features/events/tags';
import { ADDRESS_PATTERN } from '~/lib/addresses';
import { database } from '~/server/db/client';
import { exchangeRateHours, exchangeRates } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import type { JobRunner } from '~/server/jobs/runner';
import type { Settings } from '~/server/settings/schema';
import { chainlinkSource, httpSource, localSource, type RateReading, type RateSource } from './sources.server';
import { freshYenRates, type StoredRate, yenFreshUntil } from './yen';

/** The rates job's name. */
export const RATES_JOB = 'reading yen rates';
/** How often the job reads the source. */
export const RATES_EVERY_MS = 5 * 60_000;

/** The local stand-in's rates (yen per unit), round figures for the demo and the tests. */
export const LOCAL_RATES: Readonly<Record<number, number>> = {
  [CurrencyCode.ETH]: 500_000,
  [CurrencyCode.BNB]: 90_000,
  [CurrencyCode.POL]: 80,
  [CurrencyCode.KLAYTN]: 30,
  [CurrencyCode.ATEM]: 1,
};

/** The first moment of the UTC hour of `at`. */
function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
}

/**
 * Stores readings (the newest observation per currency wins; an older one never replaces a newer), and keeps each
 * by the hour (`exchange_rate_hours`: the last reading of each hour), so what a trade was worth in yen when it
 * happened can be read later.
 */
export async function storeRates(db: Database | Transaction, readings: readonly RateReading[]): Promise<void> {
  for (const reading of readings) {
    if (!Number.isFinite(reading.jpy) || reading.jpy <= 0) continue;
    await db
      .insert(exchangeRateHours)
      .values({ ...reading, hour: hourOf(reading.observedAt) })
      .onConflictDoUpdate({
        target: [exchangeRateHours.currencyCode, exchangeRateHours.hour],
        set: { jpy: reading.jpy, source: reading.source, observedAt: reading.observedAt },
        setWhere: sql`${exchangeRateHours.observedAt} <= ${reading.observedAt}`,
      });
    await db
      .insert(exchangeRates)
      .values(reading)
      .onConflictDoUpdate({
        target: exchangeRates.currencyCode,
        set: { jpy: reading.jpy, source: reading.source, observedAt: reading.observedAt },
        setWhere: sql`${exchangeRates.observedAt} <= ${reading.observedAt}`,
      });
  }
}

/** The stored rates by currency. */
export async function storedRates(db: Database): Promise<Map<number, StoredRate>> {
  const rows = await db.select().from(exchangeRates);
  return new Map(rows.map((row) => [row.currencyCode, { jpy: row.jpy, observedAt: row.observedAt }]));
}

/** `a=b,c=d` as pairs. */
const pairs = (text: string) =>
  text
    .split(',')
    .map((part) => part.split('=').map((side) => side.trim()))
    .filter((pair): pair is [string, string] => pair.length === 2 && pair[0] !== '' && pair[1] !== '');

/** The configured source (see the module comment), or null when none is configured. */
export function configuredRateSource(
  settings: Pick<Settings, 'RATES_HTTP_URL' | 'RATES_HTTP_IDS' | 'RATES_CHAINLINK_FEEDS'>,
  chains: readonly Chain[],
  environment: string,
): RateSource | null {
  const url = settings.RATES_HTTP_URL;
  if (url) {
    const ids = Object.fromEntries(pairs(settings.RATES_HTTP_IDS ?? '').map(([code, id]) => [Number(code), id]));
    return httpSource(url, ids);
  }
  const feeds = pairs(settings.RATES_CHAINLINK_FEEDS ?? '').filter(([, address]) => ADDRESS_PATTERN.test(address));
  const jpyUsd = feeds.find(([key]) => key.toUpperCase() === 'JPY')?.[1];
  const ethereum = chains.find((chain) => chain.chainId === 1);
  if (jpyUsd && ethereum) {
    const usd = Object.fromEntries(
      feeds.filter(([key]) => /^\d+$/.test(key)).map(([code, address]) => [Number(code), address as Address]),
    );
    return chainlinkSource({ client: publicClientFor(ethereum), jpyUsd: jpyUsd as Address, usd });
  }
  return environment === 'local' ? localSource(LOCAL_RATES) : null;
}

/**
 * Registers the refresh job: it reads the rates when a source is configured, then calls `rerank` (also when the
 * source failed: a rate past its hour no longer counts), which answers whether anything moved for it; then the lists
 * are told. The composition root passes the price ranks of the card lists (which sit on a floor above this one).
 */
export function registerRateJobs(
  runner: JobRunner<Change>,
  db: Database,
  source: RateSource | null,
  rerank: () => Promise<boolean>,
): void {
  runner.every(RATES_JOB, { pollMs: RATES_EVERY_MS, needsLock: true }, async (control) => {
    try {
      if (source) await storeRates(db, await source.read());
    } finally {
      if (await rerank()) await control.changed({ lists: true });
    }
  });
}

/** How long a process reuses the stored rates it read (they are re-read every few minutes by the job). */
const STORED_RATES_REUSE_MS = 30_000;
let kept: { at: number; rates: Promise<Map<number, StoredRate>> } | undefined;

/** The stored rates, read once per {@link STORED_RATES_REUSE_MS} in a process (a failed read is not kept). */
function keptStoredRates(now: Date): Promise<Map<number, StoredRate>> {
  if (!kept || now.getTime() - kept.at > STORED_RATES_REUSE_MS) {
    const rates = database().then(storedRates);
    kept = { at: now.getTime(), rates };
    rates.catch(() => {
      if (kept?.rates === rates) kept = undefined;
    });
  }
  return kept.rates;
}

/**
 * The fresh rates for an API answer (the card list and answer, the rankings), from the stored rates this process
 * read within {@link STORED_RATES_REUSE_MS}: no database read per request. Freshness is judged now.
 */
export async function requestYenRates(now = new Date()): Promise<Record<number, number>> {
  return freshYenRates(await keptStoredRates(now), now);
}

/**
 * Puts the fresh yen rates on the request for `src/ui/data/Price.astro` (a page calls it before rendering
 * prices), from the stored rates this process read within {@link STORED_RATES_REUSE_MS}; freshness is judged at
 * each render, and `locals.yenFreshUntil` tells the page cache when the oldest turns stale. A database error leaves
 * them out: the page shows crypto prices.
 */
export async function withYenRates(locals: App.Locals, now = new Date()): Promise<void> {
  try {
    const stored = await keptStoredRates(now);
    locals.yenRates = freshYenRates(stored, now);
    const until = yenFreshUntil(stored, now);
    if (until !== undefined) locals.yenFreshUntil = until;
  } catch (error) {
    console.error('[market] yen rates unavailable:', error);
  }
}
