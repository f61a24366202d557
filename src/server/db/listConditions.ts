/**
 * The conditions of a list's filters, written once: a filter the caller left out is no condition (`and` skips
 * it), one given is a condition on its column (or, for a keyword, on any of its columns).
 */
import { type Column, eq, type GetColumnData, ilike, or, type SQL } from 'drizzle-orm';
import { containsPattern } from '~/lib/params';

/** `column = value`, or no condition when the filter was not given. */
export function eqIfGiven<C extends Column>(column: C, value: GetColumnData<C, 'raw'> | undefined): SQL | undefined {
  return value === undefined ? undefined : eq(column, value);
}

/** `keyword` found in any of `columns` (a literal, case-insensitive substring), or no condition when not given. */
export function containsIfGiven(keyword: string | undefined, columns: readonly (Column | SQL)[]): SQL | undefined {
  if (keyword === undefined) return undefined;
  const pattern = containsPattern(keyword);
  return or(...columns.map((column) => ilike(column, pattern)));
}
