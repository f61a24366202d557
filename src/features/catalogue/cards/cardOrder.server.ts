/**
 * The order of the card list and its keyset paging in SQL: each sort's keys (./cardCursor.ts `sortKeys`), the
 * ORDER BY they make, and the condition that starts a page right after a cursor.
 *
 * @see ./cardQueries.server.ts (the list query that uses them)
 */
import { desc, type SQL, sql } from 'drizzle-orm';
import { CurrencyCode } from '~/features/chains/currencies';
import { cardRarity, cards } from '~/server/db/schema';
import { type CardCursor, type SortKeyKind, sortKeys } from './cardCursor';
import type { CardListFilters } from './cardFilters';

/** What of the filters decides the order. */
export type ListOrder = Pick<CardListFilters, 'sort' | 'chainId' | 'categoryId'>;

/**
 * The currency a listing is in (`code`), for grouping: POL's two codes count as one (see
 * `equivalentCurrencyCodes`). Amounts in different currencies do not compare, so a price sort without a currency
 * filter groups the listings by currency (in currency-code order) and sorts by price within each group.
 */
export function currencyGroup(code: SQL): SQL {
  return sql`case when ${code} = ${CurrencyCode.POL_LEGACY} then ${CurrencyCode.POL} else ${code} end`;
}

/**
 * The sort keys of `filters.sort` before the card id, as SQL (see ./cardCursor.ts `sortKeys`, same order). A
 * price sort reads the card's stored price rank (../cardWrites.server.ts): the listings with a fresh yen rate
 * first by their yen price, then the others grouped by currency by their price, cards without a listing last.
 * Within one currency (a currency filter) that is the order of their prices, walked by `cards_listed_price_*_idx`;
 * a declining price ranks at what it asked at the last pass (every few minutes).
 */
function keyExpressions(filters: ListOrder): SQL[] {
  switch (filters.sort) {
    case 'price_asc':
    case 'price_desc': {
      const rank = filters.sort === 'price_asc' ? cards.priceAscRank : cards.priceDescRank;
      // One chain's or one collection's cards by price: the same rank, spelled as only their indexes
      // (`cards_chain_price_*_idx`, `cards_category_price_*_idx`) have it. The planner, counting their cards as
      // spread evenly through the catalogue-wide order, would walk that one and pass every other listing first.
      const scoped = filters.chainId !== undefined || filters.categoryId !== undefined;
      return [scoped ? sql`coalesce(${rank}, 0)` : sql`${rank}`];
    }
    case 'most_viewed':
      return [sql`${cards.views}`];
    case 'rarity':
      // Rarest first (rank 1); cards not ranked yet last. The list joins card_rarity for this order.
      return [sql`${cardRarity.rank}`];
    default:
      return [sql`coalesce(${cards.mintedAt}, ${cards.createdAt})`];
  }
}

/** The keys of the list's sort, each with its expression. */
export function listKeys(filters: ListOrder) {
  const expressions = keyExpressions(filters);
  return sortKeys(filters.sort).map((key, index) => ({
    ...key,
    sql: expressions[index] as SQL,
  }));
}

/** ORDER BY of the list: its keys (missing values last), then the card id, newest first. */
export function ordering(filters: ListOrder): SQL[] {
  const keys = listKeys(filters).map((key) =>
    // A key that is never missing is ordered plainly, as its index is (`desc nulls last` would not use
    // cards_newest_idx, and the first page would sort the whole catalogue).
    key.nullable ? sql`${key.sql} ${sql.raw(key.direction)} nulls last` : sql`${key.sql} ${sql.raw(key.direction)}`,
  );
  return [...keys, desc(cards.id)];
}

/** A cursor value as SQL of its kind. */
function typed(kind: SortKeyKind, value: string): SQL {
  if (kind === 'timestamp') return sql`${value}::timestamptz`;
  return kind === 'integer' ? sql`${value}::bigint` : sql`${value}::numeric`;
}

/**
 * The rows after `cursor` in the list's order. The newest, most-viewed and price orders
 * compare as one row value (`(key, id) < (value, id)`), which an index on those columns answers as a range; the
 * others spell the order out key by key, missing values last.
 */
export function afterCursor(filters: ListOrder, cursor: CardCursor) {
  const keys = listKeys(filters);
  const id = sql`${cursor.id}::integer`;
  const [only] = keys;
  const [value] = cursor.keys;
  if (keys.length === 1 && only && !only.nullable && value) {
    return sql`(${only.sql}, ${cards.id}) < (${typed(only.kind, value)}, ${id})`;
  }
  const branches: SQL[] = [];
  const ties: SQL[] = [];
  keys.forEach((key, index) => {
    const at = cursor.keys[index] ?? null;
    if (at !== null) {
      const beyond =
        key.direction === 'asc' ? sql`${key.sql} > ${typed(key.kind, at)}` : sql`${key.sql} < ${typed(key.kind, at)}`;
      branches.push(sql`(${sql.join([...ties, sql`(${beyond} or ${key.sql} is null)`], sql` and `)})`);
      ties.push(sql`${key.sql} = ${typed(key.kind, at)}`);
    } else ties.push(sql`${key.sql} is null`);
  });
  branches.push(sql`(${sql.join([...ties, sql`${cards.id} < ${id}`], sql` and `)})`);
  return sql`(${sql.join(branches, sql` or `)})`;
}

/** A sort key as text a cursor holds: timestamps in ISO form to the microsecond (a millisecond would skip rows). */
export function asText(kind: SortKeyKind, expression: SQL): SQL {
  return kind === 'timestamp'
    ? sql`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql`${expression}::text`;
}

/** A sort key as the query gave it, or null when missing. */
export function cursorValue(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
