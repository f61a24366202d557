/**
 * The conditions of a list's filters, written once: a filter the caller left out is no condition (`and` skips
 * it), one given is a condition on its column (or, for a keyword, on any of its columns).
 */
import { type Column, eq, type GetColumnData, ilike, or, type SQL, sql } from 'drizzle-orm';
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

/** The longest keyword no trigram holds: found among the names' short grams instead (migration 0037). */
const SHORT_KEYWORD = 2;

/**
 * `keyword` found in any of the name `columns` (a literal substring; `like` `ilike` ignores case), each a name with
 * trigram and short-gram indexes (the names of cards, collections and creators). A keyword of one or two characters
 * holds no trigram, so the trigram indexes would read every name; it is asked first as one of the name's short grams
 * (`kf_short_grams`: its one- and two-character pieces in lower case), which an index answers, then as the substring.
 */
export function nameContains(
  keyword: string,
  columns: readonly (Column | SQL)[],
  like: 'ilike' | 'like' = 'ilike',
  { byIndex = true }: { byIndex?: boolean } = {},
): SQL {
  const pattern = containsPattern(keyword);
  const contains = sql`(${sql.join(
    columns.map((column) => sql`${column} ${sql.raw(like)} ${pattern}`),
    sql` or `,
  )})`;
  if ([...keyword].length > SHORT_KEYWORD) return contains;
  const found = sql.join(
    columns.map((column) =>
      like === 'ilike' ? sql`strpos(lower(${column}), lower(${keyword})) > 0` : sql`strpos(${column}, ${keyword}) > 0`,
    ),
    sql` or `,
  );
  // Tested row by row (a list walking its order's index): the substring alone (the grams cost ~0.1 ms a row).
  if (!byIndex) return sql`(${found})`;
  // The grams choose the rows (an index condition); each row is then matched by a substring test no index offers
  // (a trigram index would read every name for a keyword this short).
  const grams = sql.join(
    columns.map((column) => sql`kf_short_grams(${column}) @> array[lower(${keyword})]`),
    sql` or `,
  );
  return sql`((${grams}) and (${found}))`;
}

/** {@link nameContains}, or no condition when no keyword was given. */
export function nameContainsIfGiven(keyword: string | undefined, columns: readonly (Column | SQL)[]): SQL | undefined {
  return keyword === undefined ? undefined : nameContains(keyword, columns);
}

/**
 * `condition` in a form the planner cannot estimate: PostgreSQL takes such a test (here a coalesce) to keep half the
 * rows, where it would have counted the rows a range or a pattern keeps from its statistics. A list that counted many
 * matches says its filter so, and the planner then walks the index of the list's order and stops at the page,
 * instead of reading every match to sort them (for which a few matches are cheap and many are not). The rows kept
 * are the same.
 */
export function unmeasured(condition: SQL): SQL {
  return sql`coalesce(${condition}, false)`;
}
