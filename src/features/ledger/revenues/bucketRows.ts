/**
 * What every revenue report row starts with (its bucket, chain and currency) and its CSV written once: those
 * three columns, then the report's own.
 *
 * @see ./bucketedReport.server.ts
 */
import { toCsv } from '~/lib/csv';

/** What every report row starts with: its bucket, chain and currency. */
export interface BucketKey {
  /** First day of the bucket (Japan time), `YYYY-MM-DD`; the range's first day for totals. */
  period: string;
  /** Null for card payments (yen). */
  chainId: number | null;
  currencyCode: number;
  currency: string;
}

/** `rows` as CSV under `header` (RFC 4180, CRLF line ends): period, chain id (empty for card payments), currency, then `columns`. */
export function bucketRowsCsv<R extends BucketKey>(
  header: readonly string[],
  rows: readonly R[],
  columns: (row: R) => (string | number | null)[],
): string {
  return toCsv(
    header,
    rows.map((row) => [row.period, row.chainId, row.currency, ...columns(row)]),
  );
}
