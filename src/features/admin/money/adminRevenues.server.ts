/**
 * The platform's revenue for the back office: platform fees and creator royalties taken from sales,
 * with the sales volume, and what illustrators earned split into received on chain (paid straight to their
 * wallets) and payable (collected by the platform for them: what it owes), summed per day, week (from
 * Monday) or month in Japan time, per chain and currency (card payments in yen have no chain), as JSON or as
 * a CSV download. Period, range and format are read like the illustrator's revenue report; chain and
 * currency may narrow it.
 *
 * Spec §2 (/admins/revenues), §9 (dates in Asia/Tokyo); ../../ledger/revenues/ (what it shares with the
 * illustrator's report: the query, the buckets, the CSV's first columns).
 */
import { inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { chainIdParam, currencyCodeParam, equivalentCurrencyCodes } from '~/features/chains/params';
import { amountInUnits } from '~/features/ledger/payoutRules';
import { bucketedReport } from '~/features/ledger/revenues/bucketedReport.server';
import { type BucketKey, bucketRowsCsv } from '~/features/ledger/revenues/bucketRows';
import type { RevenueQuery } from '~/features/ledger/revenues/revenueQuery';
import { toDecimal, toNumber } from '~/lib/rowValues';
import type { Database } from '~/server/db/types';
import type { AdminRevenueReport, AdminRevenueRow } from '../shell/types';

export { revenueQuerySchema } from '~/features/ledger/revenues/revenueQuery';

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
  const chain = (column: SQL) => (filters.chain_id === undefined ? sql`true` : sql`${column} = ${filters.chain_id}`);
  const currency = (column: SQL) =>
    filters.currency_code === undefined ? sql`true` : inArray(column, equivalentCurrencyCodes(filters.currency_code));
  const money = sql`(
      select s.sold_at as at, s.chain_id, s.currency_code, 1 as sale, s.price as volume, s.platform_fee,
        s.royalty, 0::numeric as onchain, 0::numeric as payable
      from sales s where ${chain(sql`s.chain_id`)} and ${currency(sql`s.currency_code`)}
      union all
      select r.created_at, r.chain_id, r.currency_code, 0, 0, 0, 0,
        case when r.settlement = 'onchain' then r.amount else 0 end,
        case when r.settlement = 'payable' then r.amount else 0 end
      from revenues r where ${chain(sql`r.chain_id`)} and ${currency(sql`r.currency_code`)}
    ) m`;
  return bucketedReport(
    db,
    query,
    {
      source: sql`from ${money} where true`,
      soldAt: sql`m.at`,
      chainId: sql`m.chain_id`,
      currencyCode: sql`m.currency_code`,
      sums: sql`sum(m.sale)::int as sales, coalesce(sum(m.volume), 0) as volume,
        coalesce(sum(m.platform_fee), 0) as platform_fee, coalesce(sum(m.royalty), 0) as royalty,
        coalesce(sum(m.onchain), 0) as onchain, coalesce(sum(m.payable), 0) as payable`,
    },
    toSums,
  );
}

function toSums(row: Record<string, unknown>): Omit<AdminRevenueRow, keyof BucketKey> {
  return {
    sales: toNumber(row.sales),
    volume: toDecimal(row.volume),
    platformFee: toDecimal(row.platform_fee),
    royalty: toDecimal(row.royalty),
    receivedOnChain: toDecimal(row.onchain),
    payable: toDecimal(row.payable),
  };
}

/**
 * Header row of the CSV download: amounts in the currency's smallest unit (wei, or yen), then the fee and
 * royalty in whole units, exact. `chain_id` is empty for card payments.
 */
export const PLATFORM_REVENUE_CSV_HEADER = [
  'period',
  'chain_id',
  'currency',
  'sales',
  'volume_amount',
  'platform_fee_amount',
  'royalty_amount',
  'creators_received_on_chain_amount',
  'creators_payable_amount',
  'platform_fee',
  'royalty',
] as const;

/** The report's bucket rows as CSV. */
export function platformRevenueCsv(report: AdminRevenueReport): string {
  return bucketRowsCsv(PLATFORM_REVENUE_CSV_HEADER, report.items, (row) => [
    row.sales,
    row.volume,
    row.platformFee,
    row.royalty,
    row.receivedOnChain,
    row.payable,
    amountInUnits(BigInt(row.platformFee), row.currencyCode),
    amountInUnits(BigInt(row.royalty), row.currencyCode),
  ]);
}
