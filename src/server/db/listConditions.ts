/**
 * The conditions of a list's filters, written once: a filter the caller left out is no condition (`and` skips
 * it), one given is a condition on its column.
 */
import { type Column, eq, type GetColumnData, type SQL } from 'drizzle-orm';

/** `column = value`, or no condition when the filter was not given. */
export function eqIfGiven<C extends Column>(column: C, value: GetColumnData<C, 'raw'> | undefined): SQL | undefined {
  return value === undefined ? undefined : eq(column, value);
}
