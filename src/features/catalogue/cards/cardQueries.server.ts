/**
 * The SQL of the card list and the token page: cards joined with their category, creator and active
 * listing, filtered and sorted as {@link CardListFilters} says. Hidden cards and cards of hidden
 * categories are never returned.
 *
 * The active listing of a card is its newest `active` sell order that has started, has not expired and
 * was signed by the current owner (a listing by a former owner can no longer be filled). A listing filter
 * matches a card whose active listing matches it: with a currency filter, the card's active listing is in that
 * currency (./listedCardConditions.server.ts finds those cards by index).
 *
 * @see ./cardFilters.ts
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { CurrencyCode } from '~/features/chains/currencies';
import { yenAmountSql } from '~/features/market/rates/yenSql.server';
import { COUNT_AHEAD, countCap, pageOffset } from '~/lib/pagination';
import { toIso, toNumber } from '~/lib/rowValues';
import { eqIfGiven, nameContainsIfGiven } from '~/server/db/listConditions';
import { onToken } from '~/server/db/onChainConditions';
import { cardRarity, cards, categories, favorites, illustrators, sellOrders, users } from '~/server/db/schema';
import { currentPriceSql, openListingSql } from '~/server/db/schema/orderSql';
import type { Database, Transaction } from '~/server/db/types';
import { auctionSummaries } from '../auctionSummaries.server';
import { bestCardOffers } from '../bestOffers.server';
import type { CardSummary } from '../types';
import { encodeCursor } from './cardCursor';
import { type CardListFilters, filtersNeedListing } from './cardFilters';
import { afterCursor, asText, cursorValue, listKeys, ordering } from './cardOrder.server';
import { listedCardConditions, listedCountOrder, type RangeForm, walksOrderFrom } from './listedCardConditions.server';

/** The lateral subquery picking a card's active listing (see the module comment). */
export function activeListing(db: Database | Transaction, currencyCodes: CurrencyCode[] | undefined) {
  return db
    .select({
      id: sellOrders.id,
      price: sql<string>`${currentPriceSql()}`.as('current_price'),
      startPrice: sellOrders.price,
      endPrice: sellOrders.endPrice,
      saleType: sellOrders.saleType,
      currencyCode: sellOrders.currencyCode,
      orderHash: sellOrders.orderHash,
      expiresAt: sellOrders.expiresAt,
      startsAt: sellOrders.startsAt,
      sellerAddress: sellOrders.sellerAddress,
      exchange: sellOrders.exchange,
      counter: sellOrders.counter,
      order: sellOrders.order,
      signature: sellOrders.signature,
      unbuyableReason: sellOrders.unbuyableReason,
    })
    .from(sellOrders)
    .where(
      and(
        onToken(sellOrders, cards.chainId, cards.contractAddress, cards.tokenId),
        openListingSql(),
        eq(sellOrders.sellerAddress, cards.ownerAddress),
        currencyCodes ? inArray(sellOrders.currencyCode, currencyCodes) : undefined,
      ),
    )
    .orderBy(desc(sellOrders.createdAt), desc(sellOrders.id))
    .limit(1)
    .as('listing');
}

type Listing = ReturnType<typeof activeListing>;

/** Only what may be shown: the card and its category (if any) are not hidden. */
export function visibleCard(): SQL {
  return and(eq(cards.hidden, false), or(isNull(categories.id), eq(categories.hidden, false))) as SQL;
}

/** The WHERE conditions of the filters on the card and its category and creator. */
function conditions(filters: CardListFilters, form: RangeForm): SQL | undefined {
  return and(
    visibleCard(),
    eqIfGiven(cards.chainId, filters.chainId),
    eqIfGiven(cards.categoryId, filters.categoryId),
    eqIfGiven(users.walletAddress, filters.creator),
    eqIfGiven(cards.ownerAddress, filters.owner),
    filters.favoritedBy === undefined
      ? undefined
      : sql`${cards.id} in (select ${favorites.cardId} from ${favorites} join ${users} fu on fu.id = ${favorites.userId}
          where fu.wallet_address = ${filters.favoritedBy})`,
    nameContainsIfGiven(filters.q, [cards.name, sql`${cards.metadata}->>'name_en'`]),
    // A listing filter asks the card's stored listing keys (by index).
    listedCardConditions(filters, form),
  );
}

/** The listing filters asked of the card's active listing, `listing` (none without a listing filter). */
function listingConditions(filters: CardListFilters, listing: Listing): SQL | undefined {
  if (!filtersNeedListing(filters)) return undefined;
  const yen = yenAmountSql(sql`${listing.price}`, sql`${listing.currencyCode}`, filters.yenRates);
  return and(
    isNotNull(listing.id),
    filters.saleType === undefined ? undefined : eq(listing.saleType, filters.saleType),
    filters.priceMinWei === undefined ? undefined : gte(listing.price, filters.priceMinWei),
    filters.priceMaxWei === undefined ? undefined : lte(listing.price, filters.priceMaxWei),
    filters.jpyMin === undefined ? undefined : sql`${yen} >= ${filters.jpyMin}`,
    filters.jpyMax === undefined ? undefined : sql`${yen} <= ${filters.jpyMax}`,
  );
}

/** The columns that name a card (see {@link CardIdentity}): the catalogue's grids and the admin's token list. */
export const cardIdentityColumns = {
  id: cards.id,
  chainId: cards.chainId,
  contractAddress: cards.contractAddress,
  tokenId: cards.tokenId,
  serial: cards.serial,
};

/** The columns of a card row, with its category, creator and listing. */
export function cardColumns(listing: Listing) {
  return {
    ...cardIdentityColumns,
    name: cards.name,
    nameEn: sql<string | null>`nullif(btrim(${cards.metadata}->>'name_en'), '')`.as('name_en'),
    image: cards.image,
    owner: cards.ownerAddress,
    views: cards.views,
    categoryId: categories.id,
    categoryName: categories.name,
    categoryNameEn: categories.nameEn,
    creatorId: illustrators.id,
    creatorName: illustrators.name,
    creatorNameEn: illustrators.nameEn,
    creatorWallet: users.walletAddress,
    listingId: listing.id,
    listingPrice: listing.price,
    listingStartPrice: listing.startPrice,
    listingEndPrice: listing.endPrice,
    listingSaleType: listing.saleType,
    listingCurrencyCode: listing.currencyCode,
    listingOrderHash: listing.orderHash,
    listingExpiresAt: listing.expiresAt,
    listingUnbuyableReason: listing.unbuyableReason,
    // The stored OpenRarity rank (../../market/rarity.server.ts), one primary-key read each.
    rarityRank: sql<
      number | null
    >`(select ${cardRarity.rank} from ${cardRarity} where ${cardRarity.cardId} = ${cards.id})`.as('rarity_rank'),
    rarityOf: sql<
      number | null
    >`(select ${cardRarity.of} from ${cardRarity} where ${cardRarity.cardId} = ${cards.id})`.as('rarity_of'),
  };
}

/**
 * Joins cards with category, creator and creator's user, and `listing` laterally. (Dynamic mode keeps
 * the row type of the explicit selection; joined columns may be null, which {@link CardRow} allows.)
 */
export function joinCards<T extends PgSelect>(query: T, listing: Listing) {
  return query
    .leftJoin(categories, eq(categories.id, cards.categoryId))
    .leftJoin(illustrators, eq(illustrators.id, cards.creatorId))
    .leftJoin(users, eq(users.id, illustrators.userId))
    .leftJoinLateral(listing, sql`true`);
}

/** The value type of a selected column or aliased SQL expression. */
type Selected<T> = T extends { _: { data: infer D } } ? D : T extends SQL.Aliased<infer D> ? D : never;

type CardRow = {
  [K in keyof ReturnType<typeof cardColumns>]: Selected<ReturnType<typeof cardColumns>[K]> | null;
};

/** A row of {@link cardColumns} as the JSON of a grid card. */
export function toSummary(row: CardRow): CardSummary {
  return {
    id: row.id ?? 0,
    chainId: row.chainId ?? 0,
    contractAddress: row.contractAddress ?? '',
    tokenId: row.tokenId ?? '0',
    serial: row.serial,
    name: row.name ?? '',
    nameEn: row.nameEn,
    image: row.image,
    category:
      row.categoryId === null ? null : { id: row.categoryId, name: row.categoryName ?? '', nameEn: row.categoryNameEn },
    creator:
      row.creatorId === null || row.creatorWallet === null
        ? null
        : {
            id: row.creatorId,
            name: row.creatorName ?? '',
            nameEn: row.creatorNameEn,
            walletAddress: row.creatorWallet,
          },
    owner: row.owner ?? '',
    listing:
      row.listingId === null
        ? null
        : {
            price: row.listingStartPrice ?? '0',
            saleType: row.listingSaleType ?? 'fixed',
            startPrice: row.listingStartPrice ?? '0',
            endPrice: row.listingEndPrice ?? row.listingStartPrice ?? '0',
            currentPrice: row.listingPrice ?? '0',
            currencyCode: row.listingCurrencyCode ?? 0,
            orderHash: row.listingOrderHash ?? '',
            expiresAt: toIso(row.listingExpiresAt),
            unbuyableReason: row.listingUnbuyableReason,
          },
    bestOffer: null,
    views: row.views ?? 0,
    rarity: row.rarityRank === null || row.rarityOf === null ? null : { rank: row.rarityRank, of: row.rarityOf },
  };
}

/**
 * The FROM and WHERE of the card list, joining only what the filters and the sort need: the category
 * always (hidden ones are left out), the creator for `creator`. A listing filter reads the card's stored listing
 * keys (./listedCardConditions.server.ts), so the page's cards are found by index without looking any listing up;
 * the listings of the page's cards alone are read, with its full rows.
 */
function filteredCards(filters: CardListFilters, after?: SQL, form: RangeForm = {}): SQL {
  const creator =
    filters.creator === undefined
      ? sql``
      : sql`left join ${illustrators} on ${illustrators.id} = ${cards.creatorId}
        left join ${users} on ${users.id} = ${illustrators.userId}`;
  // The rarity order reads each card's rank by one join, not a lookup per card per comparison.
  const rarity = filters.sort === 'rarity' ? sql`left join ${cardRarity} on ${cardRarity.cardId} = ${cards.id}` : sql``;
  return sql`from ${cards} left join ${categories} on ${categories.id} = ${cards.categoryId} ${creator} ${rarity}
    where ${conditions(filters, form)} ${after ? sql`and ${after}` : sql``}`;
}

/**
 * The SQL of one page of the list (one row more, to tell whether a next page exists): each card's id and its sort
 * keys as text (`k0`, …), in the list's order, from the cursor or the page's offset. Exported so a test can ask
 * the planner how it runs (an index for every order).
 */
export function cardPageSql(filters: CardListFilters, form: RangeForm = {}): SQL {
  const keyed = filteredCards(filters, filters.after ? afterCursor(filters, filters.after) : undefined, form);
  const keys = listKeys(filters);
  return sql`select ${cards.id} as id,
    ${sql.join(
      keys.map((key, index) => sql`${asText(key.kind, key.sql)} as ${sql.identifier(`k${index}`)}`),
      sql`, `,
    )} ${keyed}
    order by ${sql.join(ordering(filters), sql`, `)}
    limit ${filters.perPage + 1} offset ${filters.after ? 0 : pageOffset(filters)}`;
}

/** The SQL counting the cards matching `filters`, at most `limit` of them. Exported for the plan tests. */
export function cardCountSql(filters: CardListFilters, limit: number): SQL {
  return sql`select count(*)::int as n from (select 1 ${filteredCards(filters)} ${listedCountOrder(filters) ?? sql``}
    limit ${limit}) matching`;
}

/** Whether a list counts its matching cards (a shelf of a few cards shows no count: `count: false`). */
export interface CardCounting {
  count?: boolean | undefined;
}

/**
 * One page of cards matching `filters`, how many match (exactly when fewer than the page's offset plus
 * {@link COUNT_AHEAD}, else that many and `exact: false`), and the cursor of the next page (null on the last).
 * With a cursor (`filters.after`) the page starts right after it, whatever `page` says.
 *
 * A listing filter finds and counts cards by their stored listing keys, as ../cardWrites.server.ts last set them
 * (./listedCardConditions.server.ts); a card of the page whose active listing no longer matches (a declining price
 * fell below the range since the last pass, a rate went stale) is left out of it.
 */
export async function queryCards(
  db: Database,
  filters: CardListFilters,
  { count = true }: CardCounting = {},
): Promise<{ items: CardSummary[]; total: number; exact: boolean; next: string | null }> {
  const listing = activeListing(db, filters.currencyCodes);
  const keys = listKeys(filters);
  // Counted first: how many cards the range holds decides how the page is asked (see walksOrderFrom).
  const cap = countCap(filters);
  const counted = count ? await db.execute<{ n: unknown }>(cardCountSql(filters, cap + 1)) : null;
  const form = { walkOrder: counted !== null && walksOrderFrom(filters, toNumber(counted.rows[0]?.n)) };
  const page = await db.execute<{ id: unknown; [key: string]: unknown }>(cardPageSql(filters, form));
  const more = page.rows.length > filters.perPage;
  const shown = page.rows.slice(0, filters.perPage);
  const ids = shown.map((row) => toNumber(row.id));
  const last = shown.at(-1);
  const next =
    more && last
      ? encodeCursor({
          sort: filters.sort,
          keys: keys.map((_, index) => cursorValue(last[`k${index}`])),
          id: toNumber(last.id),
        })
      : null;
  // Uncounted, the page tells what it knows: the rows before it and its own, "and more" when there are.
  const found = counted ? toNumber(counted.rows[0]?.n) : pageOffset(filters) + shown.length;
  const total = Math.min(found, cap);
  const exact = counted ? found <= cap : !more;
  if (ids.length === 0) return { items: [], total, exact, next };
  const rows = await joinCards(db.select(cardColumns(listing)).from(cards).$dynamic(), listing).where(
    and(inArray(cards.id, ids), listingConditions(filters, listing)),
  );
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  const best = await bestCardOffers(db, ids);
  const auctionIds = rows.flatMap((row) => (row.listingSaleType === 'auction' && row.listingId ? [row.listingId] : []));
  const running = await auctionSummaries(db, auctionIds);
  const items = rows.map((row) => {
    const summary = toSummary(row);
    const auction = row.listingId === null ? undefined : running.get(row.listingId);
    return {
      ...summary,
      listing: summary.listing && auction ? { ...summary.listing, auctionSummary: auction } : summary.listing,
      bestOffer: best.get(row.id) ?? null,
    };
  });
  return { items, total, exact, next };
}
