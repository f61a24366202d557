/**
 * An illustrator's revenue report as the dashboard and its CSV download show it: primary sales and royalties per
 * bucket, chain and currency, each split into what the chain paid straight to their wallet (received on chain)
 * and what the platform owes them (payable). Pure: the rows' shape and the CSV; ./creatorRevenue.server.ts sums
 * them.
 *
 * Spec §2 (/dashboard/revenues); ../fillBooking.server.ts and ../cardPaymentEntries.ts (the two kinds).
 */
import { amountInUnits } from '../payoutRules';
import { type BucketKey, bucketRowsCsv } from './bucketRows';
import type { RevenuePeriod } from './revenueQuery';

/** Revenue in one bucket, chain and currency (amounts in the currency's smallest unit: wei, or yen). */
export interface RevenueRow extends BucketKey {
  primarySales: number;
  primary: string;
  royaltySales: number;
  royalty: string;
  /** Paid straight to the illustrator's wallet by the chain (reported only). */
  receivedOnChain: string;
  /** Collected by the platform for the illustrator: what payouts draw on. */
  payable: string;
  total: string;
}

/** The revenue report. */
export interface RevenueReport {
  period: RevenuePeriod;
  from: string;
  to: string;
  items: RevenueRow[];
  /** Sums over the whole range per chain and currency (`period` is the range's `from`). */
  totals: RevenueRow[];
}

/**
 * Header row of the CSV download. Amounts are in the currency's smallest unit (wei, or yen); `total` is in
 * whole units, exact. `chain_id` is empty for card payments.
 */
export const REVENUE_CSV_HEADER = [
  'period',
  'chain_id',
  'currency',
  'primary_sales',
  'primary_amount',
  'royalty_sales',
  'royalty_amount',
  'received_on_chain_amount',
  'payable_amount',
  'total_amount',
  'total',
] as const;

/** The report's bucket rows as CSV (RFC 4180, CRLF line ends). */
export function revenueCsv(report: RevenueReport): string {
  return bucketRowsCsv(REVENUE_CSV_HEADER, report.items, (row) => [
    row.primarySales,
    row.primary,
    row.royaltySales,
    row.royalty,
    row.receivedOnChain,
    row.payable,
    row.total,
    amountInUnits(BigInt(row.total), row.currencyCode),
  ]);
}
