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
import { unmeasured } from '~/server/db/listConditions';
import { cards } from '~/server/db/schema';
import { priceRanksSql, yenRanksSql } from '../priceRank.server';
import { type CardListFilters, filtersNeedListing } from './cardFilters';

/** A listing's two ranks, as SQL. */
type Ranks = { asc: SQL; desc: SQL };

/** How a list says its price range (see {@link listedCardConditions}). */
export interface RangeForm {
  /**
   * Said as a test the planner cannot measure, so that it walks the order's index within the currency
   * (`cards_listed_newest_idx`, `cards_listed_viewed_idx`) and stops at the page instead of reading every card of
   * the range to sort them. The planner cannot count a range of one currency right: the ranks of every currency
   * share one order and it takes the currency and the range as independent (at 1,000,000 cards it expected 99 of
   * 3,072 ETH listings between 0.1 and 1 ETH, read them all by the rank and sorted: 28–37 ms against 0.8 ms).
   * The caller says it when it counted enough cards in the range ({@link walksOrderFrom}).
   */
  walkOrder?: boolean | undefined;
}

/**
 * The stored ranks between those of the range's `low` and `high` end (either may be open): of the ascending rank
 * for the cheapest first, whose index then ranges over them in order, else of the descending one (the same cards;
 * said of one rank only, so the planner counts them right).
 */
function ranksWithin(
  filters: CardListFilters,
  low: Ranks | undefined,
  high: Ranks | undefined,
  form: RangeForm,
): SQL | undefined {
  const range =
    filters.sort === 'price_asc'
      ? and(low && lte(cards.priceAscRank, sql`${low.asc}`), high && gte(cards.priceAscRank, sql`${high.asc}`))
      : and(low && gte(cards.priceDescRank, sql`${low.desc}`), high && lte(cards.priceDescRank, sql`${high.desc}`));
  return range && form.walkOrder ? unmeasured(range) : range;
}

/** Matching cards from which a list in one currency ordered newest first or most viewed walks its order's index. */
export const WALK_ORDER_FROM = 400;

/**
 * Whether a list whose range holds `counted` cards walks its order's index (see {@link RangeForm.walkOrder}): in one
 * currency, newest first or most viewed, with a price or yen range of at least {@link WALK_ORDER_FROM} cards. Reading
 * and sorting the range costs in proportion to its cards; walking the currency's listings to fill a page costs in
 * proportion to their number over the range's; at 1,000,000 cards (50,000 listings in the largest currency) the two
 * meet near 400 cards, a few milliseconds either way.
 */
export function walksOrderFrom(filters: CardListFilters, counted: number): boolean {
  const oneCurrency = new Set(filters.currencyCodes?.map(canonicalCurrencyCode)).size === 1;
  return (
    rankedByRange(filters) &&
    oneCurrency &&
    (filters.sort === 'newest' || filters.sort === 'most_viewed') &&
    counted >= WALK_ORDER_FROM
  );
}

/** Whether the listing filters range the stored ranks: a yen range, or a price range in a chosen currency. */
function rankedByRange(filters: CardListFilters): boolean {
  const price = filters.currencyCodes !== undefined && (filters.priceMinWei ?? filters.priceMaxWei) !== undefined;
  return price || filters.jpyMin !== undefined || filters.jpyMax !== undefined;
}

/** The price range in the chosen currency as a range of stored ranks (the widest over its codes). */
function priceRange(filters: CardListFilters, form: RangeForm): SQL | undefined {
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
  return ranksWithin(filters, at(filters.priceMinWei, 'low'), at(filters.priceMaxWei, 'high'), form);
}

/** The yen range as a range of stored ranks: listings in a currency with a fresh rate rank by their yen price. */
function yenRange(filters: CardListFilters, form: RangeForm): SQL | undefined {
  if (filters.jpyMin === undefined && filters.jpyMax === undefined) return undefined;
  return ranksWithin(
    filters,
    yenRanksSql(filters.jpyMin ?? 0),
    filters.jpyMax === undefined ? undefined : yenRanksSql(filters.jpyMax),
    form,
  );
}

/**
 * The order a count of listed cards walks when the listing filters are "listed", a currency or a sale type without
 * a price range: the listed cards' index of that key (`cards_listed_price_desc_idx`, or
 * `cards_listed_sale_price_desc_idx`). Unordered, the planner scans the table until the 1,001st match; but a
 * sequential scan of a large table starts where the last one stopped (PostgreSQL's synchronised scans), and the
 * listed cards' live rows sit together where the last re-ranking wrote them: once in about a hundred counts the scan
 * wrapped round and crossed the whole table (250–420 ms at 1,000,000 cards, against 5 ms). A range is found by
 * index already.
 */
export function listedCountOrder(filters: CardListFilters): SQL | undefined {
  if (!filtersNeedListing(filters) || rankedByRange(filters)) return undefined;
  const key =
    filters.saleType !== undefined && filters.currencyCodes === undefined ? cards.listedSaleType : cards.listedCurrency;
  return sql`order by ${key}, ${cards.priceDescRank} desc, ${cards.id} desc`;
}

/** The conditions on the card's row that the listing filters imply (none without a listing filter). */
export function listedCardConditions(filters: CardListFilters, form: RangeForm = {}): SQL | undefined {
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
    priceRange(filters, form),
    yenRange(filters, form),
  );
}
