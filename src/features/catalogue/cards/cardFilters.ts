/**
 * The filters of the card list (`GET /api/v1/cards`, the marketplace and collection pages) as a zod
 * schema of the query string: strings in, a typed {@link CardListFilters} out. Pure, so a page can parse
 * its own URL with the same rules and build filter and page links that work without JavaScript.
 *
 * Price filters compare the wei price of the card's active listing, so a card without one never
 * matches `price_min`, `price_max` or `currency_code`. Amounts in different currencies do not compare
 * (0.8 WETH is not less than 800 ATEM), so a price range needs a currency (`currency_code`). In yen they do: a
 * yen range (`jpy_min`, `jpy_max`, whole yen) needs no currency and matches listings whose price, at the fresh
 * rates the caller puts in `yenRates`, falls in it (none without a fresh rate); a price sort without a currency
 * orders the listings with a fresh rate by their yen price, then the others grouped by currency and sorted within
 * each (./cardOrder.server.ts).
 */
import { z } from 'zod';
import type { CurrencyCode } from '~/features/chains/currencies';
import { chainIdParam, currencyCodeParam, equivalentCurrencyCodes } from '~/features/chains/params';
import { addressSchema } from '~/lib/addresses';
import { type PageRequest, pageQuerySchema } from '~/lib/pagination';
import { etherParam, idParam, keywordParam } from '~/lib/params';
import { SALE_TYPES, type SaleType } from '~/server/db/schema/trading';
import { type CardCursor, decodeCursor } from './cardCursor';

/** Orders of the card list. `newest` = last minted (or added) first. */
export const CARD_SORTS = ['newest', 'price_asc', 'price_desc', 'most_viewed', 'rarity'] as const;
/** One card list order. */
export type CardSort = (typeof CARD_SORTS)[number];

/** `listed` = only cards with an active listing; `all` = every visible card. */
export const CARD_STATUSES = ['listed', 'all'] as const;
/** One card status filter. */
export type CardStatusFilter = (typeof CARD_STATUSES)[number];

/** Sale types a listed card can be filtered by (`sale_type`): the listing's `sale_type`. */
export const CARD_SALE_TYPES = SALE_TYPES;

/** What the card list is filtered and sorted by (all optional filters unset = the whole catalogue). */
export interface CardListFilters extends PageRequest {
  chainId?: number | undefined;
  /** Listing currency; POL matches both of its codes (6 and 10). */
  currencyCodes?: CurrencyCode[] | undefined;
  /** Lowest listing price, in wei (decimal string). */
  priceMinWei?: string | undefined;
  /** Highest listing price, in wei (decimal string). */
  priceMaxWei?: string | undefined;
  /** Lowest listing price in whole yen at the fresh rates (`jpy_min`), any currency. */
  jpyMin?: number | undefined;
  /** Highest listing price in whole yen at the fresh rates (`jpy_max`), any currency. */
  jpyMax?: number | undefined;
  /**
   * Yen per whole unit by currency code, fresh rates only (set by the caller, not the query: `requestYenRates` or `locals.yenRates`): the
   * yen range and, without a currency, the price sort use them.
   */
  yenRates?: Readonly<Record<number, number>> | undefined;
  categoryId?: number | undefined;
  /** The creator's wallet address (lower-case). */
  creator?: string | undefined;
  /** The owner's wallet address (lower-case). */
  owner?: string | undefined;
  /** Only the cards this wallet (lower-case) favours (its page's favourites tab). */
  favoritedBy?: string | undefined;
  status: CardStatusFilter;
  /** Only cards whose active listing sells this way (fixed price, declining price, timed auction). */
  saleType?: SaleType | undefined;
  sort: CardSort;
  /** Keyword matched against the card's Japanese and English names. */
  q?: string | undefined;
  /** Start right after this card (keyset paging, `?after=`; see ./cardCursor.ts); `page` is then only shown. */
  after?: CardCursor | undefined;
}

/** Whole yen, up to a thousand trillion. */
const yenParam = z
  .string()
  .regex(/^\d{1,15}$/, 'must be whole yen (digits)')
  .transform((value) => Number(value));

/** The card list's own query keys, before pagination is merged in. */
const cardFilterFields = z.object({
  chain_id: chainIdParam.optional(),
  currency_code: currencyCodeParam.optional(),
  price_min: etherParam.optional(),
  price_max: etherParam.optional(),
  jpy_min: yenParam.optional(),
  jpy_max: yenParam.optional(),
  category_id: idParam.optional(),
  creator: addressSchema.optional(),
  owner: addressSchema.optional(),
  status: z.enum(CARD_STATUSES).default('all'),
  sale_type: z.enum(SALE_TYPES).optional(),
  sort: z.enum(CARD_SORTS).default('newest'),
  q: keywordParam.optional(),
  after: z.string().max(200, 'is not a cursor of this list').optional(),
});

/** Every query key of the card list (what `CARD_QUERY_KEYS` in ~/lib/listQuery must name). */
export const CARD_LIST_QUERY_KEYS = Object.keys(pageQuerySchema.extend(cardFilterFields.shape).shape);

/**
 * Cards a page number may skip (OFFSET) without a cursor: the first ten pages of 100. Deeper pages are reached by
 * the `next` cursor (`after=`, ./cardCursor.ts), which costs what the first page costs; a deep OFFSET would read
 * and throw away every card before the page.
 */
export const MAX_OFFSET_CARDS = 1_000;

/**
 * Message of the rarity order asked without a collection: OpenRarity ranks compare within one collection (every
 * collection has a #1), as on the large markets, and across a million cards the order would sort them all.
 */
export const RARITY_NEEDS_COLLECTION = 'rarity ranks compare within one collection: add category_id';

/** Message of a price range sent without a currency. */
export const PRICE_NEEDS_CURRENCY = 'needs currency_code: prices in different currencies do not compare';

/**
 * Query schema of `GET /api/v1/cards`: every key optional, bad values refused (422 in the API) with the
 * key named, `price_min` above `price_max` refused, and a price range without `currency_code` refused.
 */
export const cardListQuerySchema = pageQuerySchema
  .extend(cardFilterFields.shape)
  .superRefine((query, context) => {
    if (query.after !== undefined && !decodeCursor(query.after, query.sort)) {
      context.addIssue({ code: 'custom', message: 'is not a cursor of this list and sort', path: ['after'] });
    }
    if (query.sort === 'rarity' && query.category_id === undefined) {
      context.addIssue({ code: 'custom', message: RARITY_NEEDS_COLLECTION, path: ['sort'] });
    }
    if (query.after === undefined && (query.page - 1) * query.per_page > MAX_OFFSET_CARDS) {
      context.addIssue({
        code: 'custom',
        message: `is past the first ${MAX_OFFSET_CARDS} cards: follow the next cursor (after=) to go deeper`,
        path: ['page'],
      });
    }
    if (query.currency_code !== undefined) return;
    for (const key of ['price_min', 'price_max'] as const) {
      if (query[key] !== undefined) context.addIssue({ code: 'custom', message: PRICE_NEEDS_CURRENCY, path: [key] });
    }
  })
  .refine(
    (query) =>
      query.price_min === undefined ||
      query.price_max === undefined ||
      BigInt(query.price_min) <= BigInt(query.price_max),
    { message: 'must not be above price_max', path: ['price_min'] },
  )
  .refine((query) => query.jpy_min === undefined || query.jpy_max === undefined || query.jpy_min <= query.jpy_max, {
    message: 'must not be above jpy_max',
    path: ['jpy_min'],
  })
  .transform(
    (query): CardListFilters => ({
      page: query.page,
      perPage: query.per_page,
      chainId: query.chain_id,
      currencyCodes: query.currency_code === undefined ? undefined : equivalentCurrencyCodes(query.currency_code),
      priceMinWei: query.price_min,
      priceMaxWei: query.price_max,
      jpyMin: query.jpy_min,
      jpyMax: query.jpy_max,
      categoryId: query.category_id,
      creator: query.creator,
      owner: query.owner,
      status: query.status,
      saleType: query.sale_type,
      sort: query.sort,
      q: query.q,
      after: query.after === undefined ? undefined : decodeCursor(query.after, query.sort),
    }),
  );

/** Whether the filters ask about listings (then only cards with a matching active listing are shown). */
export function filtersNeedListing(filters: CardListFilters): boolean {
  return (
    filters.status === 'listed' ||
    filters.saleType !== undefined ||
    filters.currencyCodes !== undefined ||
    filters.priceMinWei !== undefined ||
    filters.priceMaxWei !== undefined ||
    filters.jpyMin !== undefined ||
    filters.jpyMax !== undefined
  );
}
