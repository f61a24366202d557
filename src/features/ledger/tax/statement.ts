/**
 * An illustrator's yearly statement (年間取引報告書), summed from the ledger's lines (pure): per chain and currency,
 * the gross sales (what buyers paid for their own sales), the platform fees kept of them, the royalties received
 * on resales and what all their entries gave them, each also in yen at the rate of each line's time; then the
 * payouts whose money left in the year, the income tax withheld from them, the transfer fees and the net paid.
 * Lines without a rate kept for their time are counted (`unvalued`), never guessed.
 *
 * @see ./ledgerLines.ts, ../../../../docs/tax.md
 */
import type { PayoutLine, RevenueLine } from './ledgerLines';
import { valuation } from './ledgerLines';
import type { RateHistory } from './yenAt';

/** Sums of one chain and currency. */
export interface StatementCurrency {
  chainId: number | null;
  currencyCode: number;
  grossSales: bigint;
  platformFees: bigint;
  royalties: bigint;
  /** Everything the entries gave the illustrator (sales less fees, royalties, reversals). */
  revenue: bigint;
  grossSalesJpy: bigint;
  platformFeesJpy: bigint;
  royaltiesJpy: bigint;
  revenueJpy: bigint;
  /** Lines of this currency with no rate kept for their time (left out of the yen sums). */
  unvalued: number;
}

/** The year's payouts in yen. */
export interface StatementPayouts {
  count: number;
  paidJpy: bigint;
  withholdingJpy: bigint;
  transferFeesJpy: bigint;
  netPaidJpy: bigint;
  unvalued: number;
}

/** A statement's figures. */
export interface StatementSummary {
  year: number;
  currencies: StatementCurrency[];
  totals: { grossSalesJpy: bigint; platformFeesJpy: bigint; royaltiesJpy: bigint; revenueJpy: bigint };
  payouts: StatementPayouts;
}

/** Sums `revenues` and `payouts` of `year` (see the module comment). */
export function summariseStatement(
  year: number,
  revenues: readonly RevenueLine[],
  payouts: readonly PayoutLine[],
  history: RateHistory,
): StatementSummary {
  const byCurrency = new Map<string, StatementCurrency>();
  for (const line of revenues) {
    const key = `${line.chainId}:${line.currencyCode}`;
    const sums = byCurrency.get(key) ?? {
      chainId: line.chainId,
      currencyCode: line.currencyCode,
      grossSales: 0n,
      platformFees: 0n,
      royalties: 0n,
      revenue: 0n,
      grossSalesJpy: 0n,
      platformFeesJpy: 0n,
      royaltiesJpy: 0n,
      revenueJpy: 0n,
      unvalued: 0,
    };
    const royalty = line.kind === 'royalty' ? line.amount : 0n;
    sums.grossSales += line.gross;
    sums.platformFees += line.fee;
    sums.royalties += royalty;
    sums.revenue += line.amount;
    const value = valuation(history, line.currencyCode, line.at);
    if (value.rate === undefined) sums.unvalued += 1;
    else {
      sums.grossSalesJpy += value.jpy(line.gross) ?? 0n;
      sums.platformFeesJpy += value.jpy(line.fee) ?? 0n;
      sums.royaltiesJpy += value.jpy(royalty) ?? 0n;
      sums.revenueJpy += value.jpy(line.amount) ?? 0n;
    }
    byCurrency.set(key, sums);
  }
  const currencies = [...byCurrency.values()].sort(
    (a, b) => (a.chainId ?? 0) - (b.chainId ?? 0) || a.currencyCode - b.currencyCode,
  );
  const add = (pick: (c: StatementCurrency) => bigint) => currencies.reduce((sum, c) => sum + pick(c), 0n);
  const paid: StatementPayouts = {
    count: 0,
    paidJpy: 0n,
    withholdingJpy: 0n,
    transferFeesJpy: 0n,
    netPaidJpy: 0n,
    unvalued: 0,
  };
  for (const payout of payouts) {
    paid.count += 1;
    const value = valuation(history, payout.currencyCode, payout.at);
    const amount = value.jpy(payout.amount);
    const fee = value.jpy(payout.transferFee) ?? 0n;
    if (amount === undefined) paid.unvalued += 1;
    else paid.paidJpy += amount;
    paid.withholdingJpy += payout.taxJpy;
    paid.transferFeesJpy += fee;
  }
  paid.netPaidJpy = paid.paidJpy - paid.withholdingJpy - paid.transferFeesJpy;
  return {
    year,
    currencies,
    totals: {
      grossSalesJpy: add((c) => c.grossSalesJpy),
      platformFeesJpy: add((c) => c.platformFeesJpy),
      royaltiesJpy: add((c) => c.royaltiesJpy),
      revenueJpy: add((c) => c.revenueJpy),
    },
    payouts: paid,
  };
}
