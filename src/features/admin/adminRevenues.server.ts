/**
 * The platform's revenue for the back office: platform fees and creator royalties taken from sales,
 * with the sales volume, summed per day, week (from Monday) or month in Japan time, per chain and
 * currency, as JSON or as a CSV download. Period, range and format are read like the illustrator's
 * revenue report; chain and currency may narrow it.
 *
 * @see /work/shared/spec/marketplace-spec.md §2 (/admins/revenues), §9 (dates in Asia/Tokyo)
 */
import { sql } from 'drizzle-orm';
import { formatEther } from 'viem';
import { z } from 'zod';
import type { Database } from '../../server/db/types';
import { chainIdParam, currencyCodeParam, equivalentCurrencyCodes } from '../cards/queryParams';
import { toDecimal, toNumber } from '../cards/rowValues';
import { inIds } from '../categories/categories.server';
import { bucketedReport } from '../dashboard/bucketedReport.server';
import type { RevenueQuery } from '../dashboard/finance.server';
import { currencySymbol } from '../dashboard/payoutRules';
import { toCsv } from './csv';
import type { AdminRevenueReport, AdminRevenueRow } from './types';

export { revenueQuerySchema } from '../dashboard/finance.server';

/** The admin report's extra filters (`chain_id`, `currency_code`), read next to the revenue query. */
export const revenueFilterSchema = z.object({
  chain_id: chainIdParam.optional(),
  currency_code: currencyCodeParam.optional(),
});

/** Parsed extra filters. */
export type RevenueFilters = z.output<typeof revenueFilterSchema>;

/** Platform fees, royalties and volume of sales in `query`'s range, by bucket, chain and currency. */
export async function platformRevenueReport(
  db: Database,
  query: RevenueQuery,
  filters: RevenueFilters,
): Promise<AdminRevenueReport> {
  const chain = filters.chain_id === undefined ? sql`true` : sql`s.chain_id = ${filters.chain_id}`;
  const currency =
    filters.currency_code === undefined
      ? sql`true`
      : inIds(sql`s.currency_code`, equivalentCurrencyCodes(filters.currency_code));
  return bucketedReport(
    db,
    query,
    {
      source: sql`from sales s where ${chain} and ${currency}`,
      soldAt: sql`s.sold_at`,
      chainId: sql`s.chain_id`,
      currencyCode: sql`s.currency_code`,
      sums: sql`count(*)::int as sales, coalesce(sum(s.price), 0) as volume,
        coalesce(sum(s.platform_fee), 0) as platform_fee, coalesce(sum(s.royalty), 0) as royalty`,
    },
    toRow,
  );
}

function toRow(row: Record<string, unknown>): AdminRevenueRow {
  const currencyCode = toNumber(row.currency_code);
  return {
    period: String(row.period),
    chainId: toNumber(row.chain_id),
    currencyCode,
    currency: currencySymbol(currencyCode),
    sales: toNumber(row.sales),
    volume: toDecimal(row.volume),
    platformFee: toDecimal(row.platform_fee),
    royalty: toDecimal(row.royalty),
  };
}

/** Header row of the CSV download. */
export const PLATFORM_REVENUE_CSV_HEADER = [
  'period',
  'chain_id',
  'currency',
  'sales',
  'volume_wei',
  'platform_fee_wei',
  'royalty_wei',
  'platform_fee',
  'royalty',
] as const;

/** The report's bucket rows as CSV; the last two columns in whole units, exact. */
export function platformRevenueCsv(report: AdminRevenueReport): string {
  return toCsv(
    PLATFORM_REVENUE_CSV_HEADER,
    report.items.map((row) => [
      row.period,
      row.chainId,
      row.currency,
      row.sales,
      row.volume,
      row.platformFee,
      row.royalty,
      formatEther(BigInt(row.platformFee)),
      formatEther(BigInt(row.royalty)),
    ]),
  );
}
