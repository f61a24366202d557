/**
 * Reads a list page's filters from its URL with the same zod schema the API uses, but forgivingly: a
 * page must not fail because a shared link carries one bad value. Empty values (what a plain GET form
 * submits for an untouched field) count as absent; a key the schema refuses is dropped and the rest is
 * parsed again, so the page shows the list without that filter and says which keys it ignored. Pure.
 *
 * @see docs/product-spec.md §2 (/browse-category, /market, /collection, /rankings)
 */
import type { z } from 'zod';

/** The query keys of the card list (`GET /api/v1/cards` and the catalogue pages). @see ../features/catalogue/cards/cardFilters.ts */
export const CARD_QUERY_KEYS = [
  'page',
  'per_page',
  'chain_id',
  'currency_code',
  'price_min',
  'price_max',
  'jpy_min',
  'jpy_max',
  'category_id',
  'creator',
  'owner',
  'status',
  'sale_type',
  'sort',
  'q',
  'after',
] as const;

/** What {@link parseListQuery} read. */
export interface ParsedListQuery<T> {
  /** The parsed filters (defaults where a key was absent or ignored). */
  value: T;
  /** The accepted raw values by key, to fill the filter form and build links. */
  values: Record<string, string>;
  /** Keys whose values were refused and left out. */
  ignored: string[];
}

/** The first non-blank value of each of `keys` in `params`. */
function rawValues(params: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null && value.trim() !== '') values[key] = value;
  }
  return values;
}

/**
 * Parses `keys` of `params` with `schema`, dropping the keys it refuses (see the module comment).
 * When even the remaining keys fail, every key is dropped and the schema's defaults apply.
 */
export function parseListQuery<S extends z.ZodType>(
  schema: S,
  params: URLSearchParams,
  keys: readonly string[],
): ParsedListQuery<z.output<S>> {
  const values = rawValues(params, keys);
  const first = schema.safeParse(values);
  if (first.success) return { value: first.data, values, ignored: [] };
  const refused = new Set<string>();
  for (const issue of first.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && key in values) refused.add(key);
  }
  const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !refused.has(key)));
  const second = refused.size > 0 ? schema.safeParse(kept) : first;
  if (second.success) return { value: second.data, values: kept, ignored: [...refused] };
  return { value: schema.parse({}) as z.output<S>, values: {}, ignored: Object.keys(values) };
}

/**
 * `path` with `values` as its query string (blank values left out), e.g. for a "clear filters" link
 * that keeps a tab, or a link to the same list with one more filter.
 */
export function withQuery(path: string, values: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
