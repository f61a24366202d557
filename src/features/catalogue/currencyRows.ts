/**
 * Amounts per currency read from raw SQL rows, written once for the catalogue's floors and volumes: a row names
 * its `chain_id`, `currency_code` and `amount` (and `sales` for a volume), and a query for several collections
 * or creators groups its rows by their `id` column. Pure.
 */
import { toDecimal, toNumber } from '~/lib/rowValues';
import type { CurrencyAmount, CurrencyVolume } from './types';

type Row = Record<string, unknown>;

/** A row's amount in one currency. */
export function toCurrencyAmount(row: Row): CurrencyAmount {
  return { chainId: toNumber(row.chain_id), currencyCode: toNumber(row.currency_code), amount: toDecimal(row.amount) };
}

/** A row's sales volume in one currency. */
export function toCurrencyVolume(row: Row): CurrencyVolume {
  return { ...toCurrencyAmount(row), sales: toNumber(row.sales) };
}

/** The rows grouped by their `idColumn`, each made into `item`, in the rows' order. */
export function groupById<T>(rows: readonly Row[], idColumn: string, item: (row: Row) => T): Map<number, T[]> {
  const result = new Map<number, T[]>();
  for (const row of rows) {
    const id = toNumber(row[idColumn]);
    result.set(id, [...(result.get(id) ?? []), item(row)]);
  }
  return result;
}
