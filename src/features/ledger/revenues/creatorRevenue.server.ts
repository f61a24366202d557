/**
 * An illustrator's revenues summed from the ledger's revenue entries: primary sales and royalties per day, week
 * (from Monday) or month in Japan time, per chain and currency (card payments in yen have no chain), each split
 * into received on chain and payable.
 *
 * Spec §2 (/dashboard/revenues), §9 (dates in Asia/Tokyo); ./creatorRevenue.ts (the rows and the CSV).
 */
import { sql } from 'drizzle-orm';
import { toDecimal, toNumber } from '~/lib/rowValues';
import type { Database } from '~/server/db/types';
import { bucketedReport } from './bucketedReport.server';
import type { BucketKey } from './bucketRows';
import type { RevenueReport, RevenueRow } from './creatorRevenue';
import type { RevenueQuery } from './revenueQuery';

/** Revenues of illustrator `illustratorId` by `query` (sale time decides the bucket). */
export async function revenueReport(db: Database, illustratorId: number, query: RevenueQuery): Promise<RevenueReport> {
  return bucketedReport(
    db,
    query,
    {
      source: sql`from revenues r where r.illustrator_id = ${illustratorId}`,
      soldAt: sql`r.created_at`,
      chainId: sql`r.chain_id`,
      currencyCode: sql`r.currency_code`,
      // A sale a reorganisation took back (its `reorg` entry) no longer counts as a sale.
      sums: sql`(count(*) filter (where r.kind = 'primary' and r.entry <> 'reorg')
          - count(*) filter (where r.kind = 'primary' and r.entry = 'reorg'))::int as primary_sales,
        coalesce(sum(r.amount) filter (where r.kind = 'primary'), 0) as primary_amount,
        (count(*) filter (where r.kind = 'royalty' and r.entry <> 'reorg')
          - count(*) filter (where r.kind = 'royalty' and r.entry = 'reorg'))::int as royalty_sales,
        coalesce(sum(r.amount) filter (where r.kind = 'royalty'), 0) as royalty_amount,
        coalesce(sum(r.amount) filter (where r.settlement = 'onchain'), 0) as onchain_amount,
        coalesce(sum(r.amount) filter (where r.settlement = 'payable'), 0) as payable_amount,
        sum(r.amount) as total`,
    },
    toSums,
  );
}

function toSums(row: Record<string, unknown>): Omit<RevenueRow, keyof BucketKey> {
  return {
    primarySales: toNumber(row.primary_sales),
    primary: toDecimal(row.primary_amount),
    royaltySales: toNumber(row.royalty_sales),
    royalty: toDecimal(row.royalty_amount),
    receivedOnChain: toDecimal(row.onchain_amount),
    payable: toDecimal(row.payable_amount),
    total: toDecimal(row.total),
  };
}
