/**
 * The shape both revenue reports share (the illustrator's dashboard and the back office): rows summed per
 * day, week (from Monday) or month of the sale in Japan time, per chain and canonical currency, plus the
 * totals over the whole range (whose `period` is the range's first day).
 *
 * @see ./creatorRevenue.server.ts `revenueReport`, ../../admin/money/adminRevenues.server.ts `platformRevenueReport`
 */
import { type SQL, sql } from 'drizzle-orm';
import { canonicalCurrencySql } from '~/features/chains/currencySql.server';
import { toNumber } from '~/lib/rowValues';
import type { Database } from '~/server/db/types';
import { currencySymbol } from '../payoutRules';
import type { BucketKey } from './bucketRows';

/** The range and bucket of a report. */
export interface BucketedRange {
  period: 'day' | 'week' | 'month';
  /** First and last day, `YYYY-MM-DD`, Japan time (both included). */
  from: string;
  to: string;
}

/** What a report sums and where from. */
export interface BucketedSource {
  /** `from ... where <conditions>`: the rows to sum (the sale time range is added to the conditions). */
  source: SQL;
  /** The sale time column (`s.sold_at`). */
  soldAt: SQL;
  chainId: SQL;
  currencyCode: SQL;
  /** The summed columns (`count(*) as sales, sum(...) as volume, ...`). */
  sums: SQL;
}

/** The key columns of a result row. */
function bucketKey(row: Record<string, unknown>): BucketKey {
  const currencyCode = toNumber(row.currency_code);
  return {
    period: String(row.period),
    chainId: row.chain_id === null ? null : toNumber(row.chain_id),
    currencyCode,
    currency: currencySymbol(currencyCode),
  };
}

/** Rows per bucket and the range's totals: the key columns, then the sums turned into fields by `toSums`. */
export async function bucketedReport<Sums>(
  db: Database,
  range: BucketedRange,
  parts: BucketedSource,
  toSums: (row: Record<string, unknown>) => Sums,
): Promise<{
  period: BucketedRange['period'];
  from: string;
  to: string;
  items: (BucketKey & Sums)[];
  totals: (BucketKey & Sums)[];
}> {
  const currency = canonicalCurrencySql(parts.currencyCode);
  const bucket = sql`to_char(date_trunc(${range.period}, ${parts.soldAt} at time zone 'Asia/Tokyo'), 'YYYY-MM-DD')`;
  const rows = sql`${parts.source}
      and ${parts.soldAt} >= ((${range.from})::date::timestamp at time zone 'Asia/Tokyo')
      and ${parts.soldAt} < (((${range.to})::date + 1)::timestamp at time zone 'Asia/Tokyo')`;
  const items = await db.execute<Record<string, unknown>>(sql`select ${bucket} as period, ${parts.chainId} as chain_id,
      ${currency} as currency_code, ${parts.sums} ${rows}
    group by 1, 2, 3 order by 1, 2, 3`);
  const totals = await db.execute<Record<string, unknown>>(sql`select ${range.from} as period,
      ${parts.chainId} as chain_id, ${currency} as currency_code, ${parts.sums} ${rows}
    group by 2, 3 order by 2, 3`);
  const toRow = (row: Record<string, unknown>) => ({ ...bucketKey(row), ...toSums(row) });
  return {
    period: range.period,
    from: range.from,
    to: range.to,
    items: items.rows.map(toRow),
    totals: totals.rows.map(toRow),
  };
}
