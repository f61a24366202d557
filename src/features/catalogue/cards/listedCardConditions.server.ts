/**
 * The listing filters asked first of the card's own row: its live listing's currency group, sale type and price
 * ranks, which ../cardWrites.server.ts keeps on each card, so a filtered list finds its few cards by index
 * (`cards_listed_price_*_idx`, `cards_listed_sale_price_*_idx`, `cards_price_*_idx`) instead of looking up the
 * listing of every card in the catalogue. The listing's own conditions (./cardQueries.server.ts) still decide;
 * these only leave out cards that cannot match, as of the last pass of the ranks: a declining price is found by
 * what it asked then (it enters a range's upper end at the next pass, every few minutes). Counted, the card rows
 * alone answer: counting a thousand cards by looking up each one's listing would cost ten pages.
 */
import { and, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { canonicalCurrencyCode } from '~/features/chains/currencies';
import { cards } from '~/server/db/schema';
import { priceRanksSql, yenRanksSql } from '../priceRank.server';
import { type CardListFilters, filtersNeedListing } from './cardFilters';

/** A listing's two ranks, as SQL. */
type Ranks = { asc: SQL; desc: SQL };

/**
 * The stored ranks between those of the range's `low` and `high` end (either may be open): of the ascending rank
 * for the cheapest first, whose index then ranges over them in order, else of the descending one (the same cards;
 * said of one rank only, so the planner counts them right).
 */
function ranksWithin(filters: CardListFilters, low: Ranks | undefined, high: Ranks | undefined): SQL | undefined {
  if (filters.sort === 'price_asc') {
    return and(low && lte(cards.priceAscRank, sql`${low.asc}`), high && gte(cards.priceAscRank, sql`${high.asc}`));
  }
  return and(low && gte(cards.priceDescRank, sql`${low.desc}`), high && lte(cards.priceDescRank, sql`${high.desc}`));
}

/** The price range in the chosen currency as a range of stored ranks (the widest over its codes). */
function priceRange(filters: CardListFilters): SQL | undefined {
  const codes = filters.currencyCodes;
  if (!codes) return undefined;
  /** The ranks at `wei` over the codes: the lowest desc and highest asc rank (`end` low), or the reverse. */
  const at = (wei: string | undefined, end: 'low' | 'high'): Ranks | undefined => {
    if (wei === undefined) return undefined;
    const each = codes.map((code) => priceRanksSql(sql`${wei}::numeric`, sql`${code}::integer`, filters.yenRates));
    const pick = (fn: 'least' | 'greatest', ranks: SQL[]) => sql`${sql.raw(fn)}(${sql.join(ranks, sql`, `)})`;
    return {
      desc: pick(
        end === 'low' ? 'least' : 'greatest',
        each.map((one) => one.desc),
      ),
      asc: pick(
        end === 'low' ? 'greatest' : 'least',
        each.map((one) => one.asc),
      ),
    };
  };
  return ranksWithin(filters, at(filters.priceMinWei, 'low'), at(filters.priceMaxWei, 'high'));
}

/** The yen range as a range of stored ranks: listings in a currency with a fresh rate rank by their yen price. */
function yenRange(filters: CardListFilters): SQL | undefined {
  if (filters.jpyMin === undefined && filters.jpyMax === undefined) return undefined;
  return ranksWithin(
    filters,
    yenRanksSql(filters.jpyMin ?? 0),
    filters.jpyMax === undefined ? undefined : yenRanksSql(filters.jpyMax),
  );
}

/** The conditions on the card's row that the listing filters imply (none without a listing filter). */
export function listedCardConditions(filters: CardListFilters): SQL | undefined {
  if (!filtersNeedListing(filters)) return undefined;
  // Only cards with a live listing have a currency, a sale type, a yen price or rank above 0 (said once: the planner
  // would count each saying as a further narrowing). Said as the currency being known, which one chain's listed
  // cards newest first have an index for (`cards_chain_listed_newest_idx`; a rank above a bound cannot name it).
  const listedOnly = filters.currencyCodes ?? filters.saleType ?? filters.jpyMin ?? filters.jpyMax;
  return and(
    listedOnly === undefined ? isNotNull(cards.listedCurrency) : undefined,
    filters.currencyCodes === undefined
      ? undefined
      : inArray(cards.listedCurrency, [...new Set(filters.currencyCodes.map(canonicalCurrencyCode))]),
    filters.saleType === undefined ? undefined : eq(cards.listedSaleType, filters.saleType),
    priceRange(filters),
    yenRange(filters),
  );
}
