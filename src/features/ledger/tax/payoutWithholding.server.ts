/**
 * The income tax withheld from a payout (the one writer of `payout_withholdings`). While a payout is requested the
 * admin sees what would be withheld ({@link withholdingView}); the approval fixes it in its own transaction, under
 * the payout's row lock ({@link fixWithholding}, one row per payout: approving cannot happen twice, and the figure
 * never moves after). The illustrator is then sent the payout less what was withheld ({@link netOf}), and the
 * platform owes the tax to the tax office (./withholdingReports.server.ts). Balances are unchanged: the whole
 * payout leaves the illustrator's balance, part to them and part to the tax office for them.
 *
 * A crypto payout is valued in yen at the stored rate when it is approved (a rate older than an hour: 409, the
 * admin approves once rates are read again), and the coin kept back is the tax at that rate, rounded up to the
 * smallest unit.
 *
 * @see ./withholding.ts, ../../../../docs/tax.md
 */
import { eq, sql } from 'drizzle-orm';
import { CURRENCIES, type CurrencyCode, coinOf } from '~/features/chains/currencies';
import { canonicalCurrencySql } from '~/features/chains/currencySql.server';
import { toDecimal } from '~/lib/rowValues';
import { conflict } from '~/server/api/errors';
import { exchangeRates, type payouts, payoutWithholdings, taxProfiles } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { readTaxSettings } from './taxSettings.server';
import { type BalanceMix, withheldPart, withholdingTax } from './withholding';
import { toYen } from './yenAt';

type Payout = typeof payouts.$inferSelect;

/** What is withheld from a payout, fixed (approved) or as it would be now (requested). */
export interface PayoutWithholding {
  /** The part withheld on, in the payout's currency. */
  base: string;
  baseJpy: string;
  taxJpy: string;
  /** Kept back from the payout, in its currency. */
  withheld: string;
  /** What the illustrator is sent. */
  net: string;
  rateJpy: number | null;
  rateObservedAt: string | null;
  /** Fixed at approval (else a preview). */
  fixed: boolean;
}

/** How old the rate of a crypto payout's approval may be. */
const RATE_MAX_AGE_MS = 60 * 60_000;

/** The illustrator's payable revenue per kind in the payout's chain and currency. */
async function balanceMix(db: Database | Transaction, payout: Payout): Promise<BalanceMix> {
  const chain = payout.chainId === null ? sql`chain_id is null` : sql`chain_id = ${payout.chainId}`;
  const { rows } = await db.execute<Record<string, unknown>>(sql`select
      coalesce(sum(amount) filter (where kind = 'primary'), 0) as primary_total,
      coalesce(sum(amount) filter (where kind = 'royalty'), 0) as royalty_total
    from revenues
    where illustrator_id = ${payout.illustratorId} and settlement = 'payable' and ${chain}
      and ${canonicalCurrencySql(sql`currency_code`)} = ${canonicalCurrencySql(sql`${payout.currencyCode}::int`)}`);
  const row = rows[0] ?? {};
  return { primary: BigInt(toDecimal(row['primary_total'])), royalty: BigInt(toDecimal(row['royalty_total'])) };
}

/** The stored rate of the payout's coin, when it is fresh at `now`. */
async function freshRate(db: Database | Transaction, currencyCode: number, now: Date) {
  const [rate] = await db
    .select()
    .from(exchangeRates)
    .where(eq(exchangeRates.currencyCode, coinOf(currencyCode)));
  if (!rate) return undefined;
  const age = now.getTime() - rate.observedAt.getTime();
  return age >= -60_000 && age <= RATE_MAX_AGE_MS ? rate : undefined;
}

interface Figures {
  base: bigint;
  baseJpy: bigint;
  taxJpy: bigint;
  withheld: bigint;
  rate: { jpy: number; observedAt: Date } | null;
}

/** What would be withheld from `payout` now; null when nothing is (no kind withheld, a corporation, ...). */
async function compute(db: Database | Transaction, payout: Payout, now: Date): Promise<Figures | null> {
  const settings = await readTaxSettings(db);
  const kinds = { primary: settings.withholdPrimary, royalty: settings.withholdRoyalty };
  if (!kinds.primary && !kinds.royalty) return null;
  const [profile] = await db.select().from(taxProfiles).where(eq(taxProfiles.illustratorId, payout.illustratorId));
  const payee = { kind: profile?.kind ?? 'individual', resident: profile?.resident ?? true };
  const amount = BigInt(payout.amount);
  const base = withheldPart(amount, payee, kinds, await balanceMix(db, payout));
  if (base === 0n) return null;
  if (payout.chainId === null) {
    const taxJpy = withholdingTax(base);
    return taxJpy === 0n ? null : { base, baseJpy: base, taxJpy, withheld: taxJpy, rate: null };
  }
  const rate = await freshRate(db, payout.currencyCode, now);
  if (!rate) throw conflict('withholding: no yen rate from the last hour to value this payout; approve it later');
  const baseJpy = toYen(base, payout.currencyCode, rate.jpy);
  const taxJpy = withholdingTax(baseJpy);
  if (taxJpy === 0n) return null;
  const decimals = CURRENCIES[payout.currencyCode as CurrencyCode]?.decimals ?? 18;
  const micro = BigInt(Math.round(rate.jpy * 1_000_000));
  const scaled = taxJpy * 10n ** BigInt(decimals) * 1_000_000n;
  const inCoin = (scaled + micro - 1n) / micro;
  return {
    base,
    baseJpy,
    taxJpy,
    withheld: inCoin > amount ? amount : inCoin,
    rate: { jpy: rate.jpy, observedAt: rate.observedAt },
  };
}

function view(payout: Payout, figures: Figures | null, fixed: boolean): PayoutWithholding | null {
  if (!figures) return null;
  return {
    base: figures.base.toString(),
    baseJpy: figures.baseJpy.toString(),
    taxJpy: figures.taxJpy.toString(),
    withheld: figures.withheld.toString(),
    net: (BigInt(payout.amount) - figures.withheld).toString(),
    rateJpy: figures.rate?.jpy ?? null,
    rateObservedAt: figures.rate?.observedAt.toISOString() ?? null,
    fixed,
  };
}

/** The withholding fixed for payout `payoutId`, or undefined. */
async function fixedRow(db: Database | Transaction, payoutId: number) {
  const [row] = await db.select().from(payoutWithholdings).where(eq(payoutWithholdings.payoutId, payoutId));
  return row;
}

function figuresOf(row: typeof payoutWithholdings.$inferSelect): Figures {
  return {
    base: BigInt(row.base),
    baseJpy: row.baseJpy,
    taxJpy: row.taxJpy,
    withheld: BigInt(row.withheld),
    rate: row.rateJpy === null || !row.rateObservedAt ? null : { jpy: row.rateJpy, observedAt: row.rateObservedAt },
  };
}

/**
 * What is withheld from `payout`: fixed once approved (null when nothing was), else what approving it now would
 * withhold (a crypto payout without a fresh rate: null, the approval says why).
 */
export async function withholdingView(
  db: Database | Transaction,
  payout: Payout,
  now = new Date(),
): Promise<PayoutWithholding | null> {
  const row = await fixedRow(db, payout.id);
  if (row) return view(payout, figuresOf(row), true);
  if (payout.status !== 'requested') return null;
  try {
    return view(payout, await compute(db, payout, now), false);
  } catch {
    return null;
  }
}

/**
 * Fixes the withholding of `payout` as it is approved: call it in the approval's transaction, with the payout's row
 * locked. Idempotent (one row per payout). @throws HttpError 409 for a crypto payout without a fresh rate
 */
export async function fixWithholding(tx: Transaction, payout: Payout, now: Date): Promise<void> {
  if (await fixedRow(tx, payout.id)) return;
  const figures = await compute(tx, payout, now);
  if (!figures) return;
  await tx
    .insert(payoutWithholdings)
    .values({
      payoutId: payout.id,
      illustratorId: payout.illustratorId,
      chainId: payout.chainId,
      currencyCode: payout.currencyCode,
      base: figures.base.toString(),
      baseJpy: figures.baseJpy,
      taxJpy: figures.taxJpy,
      withheld: figures.withheld.toString(),
      rateJpy: figures.rate?.jpy ?? null,
      rateObservedAt: figures.rate?.observedAt ?? null,
      fixedAt: now,
    })
    .onConflictDoNothing();
}

/** What payout `payoutId` sends the illustrator: its amount less the withholding fixed at approval. */
export async function netOf(db: Database | Transaction, payout: Pick<Payout, 'id' | 'amount'>): Promise<bigint> {
  const [row] = await db
    .select({ withheld: payoutWithholdings.withheld })
    .from(payoutWithholdings)
    .where(eq(payoutWithholdings.payoutId, payout.id));
  return BigInt(payout.amount) - BigInt(row?.withheld ?? '0');
}
