/**
 * Categories (collections: one NFT contract on one chain): the list with filters and the collection
 * page, each with its card count, floor price per currency (cheapest active listing) and all-time sales
 * volume per currency. Hidden categories are never returned.
 *
 * @see docs/product-spec.md §2 (/browse-category, /collection/{id}, /admins/categories)
 */
import { inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { canonicalCurrencySql } from '~/features/chains/currencySql.server';
import { chainIdParam } from '~/features/chains/params';
import { addressSchema } from '~/lib/addresses';
import {
  type CountedPage,
  countCap,
  type PageRequest,
  pageOffset,
  pageQuerySchema,
  toCountedPage,
} from '~/lib/pagination';
import { keywordParam } from '~/lib/params';
import { toIso, toNumber } from '~/lib/rowValues';
import { nameContains, unmeasured } from '~/server/db/listConditions';
import type { Database } from '~/server/db/types';
import { groupById, toCurrencyAmount, toCurrencyVolume } from '../currencyRows';
import type { CategorySummary, CurrencyAmount, CurrencyVolume } from '../types';

/**
 * Orders of the category list: newest first, or most sales first (all time, then newest), each walked by its index
 * (`categories_newest_idx`, `categories_sales_idx` on the stored count: ../../market/salesCounts.server.ts).
 */
export const CATEGORY_SORTS = ['newest', 'volume'] as const;

/** Filters of the category list. */
export interface CategoryFilters extends PageRequest {
  chainId?: number | undefined;
  /** The creator's wallet address (lower-case). */
  creator?: string | undefined;
  q?: string | undefined;
  sort: (typeof CATEGORY_SORTS)[number];
}

/** Query of `GET /api/v1/categories`. */
export const categoryListQuerySchema = pageQuerySchema
  .extend({
    chain_id: chainIdParam.optional(),
    creator: addressSchema.optional(),
    q: keywordParam.optional(),
    sort: z.enum(CATEGORY_SORTS).default('newest'),
  })
  .transform(
    (query): CategoryFilters => ({
      page: query.page,
      perPage: query.per_page,
      chainId: query.chain_id,
      creator: query.creator,
      q: query.q,
      sort: query.sort,
    }),
  );

/** Active-listing conditions for sell order `o` of card `c` (same rule as the card list). */
export const ACTIVE_LISTING_SQL = sql`o.status = 'active' and o.seller_address = c.owner_address
  and o.expires_at > now() and o.starts_at <= now()`;

/**
 * Cheapest active listing per currency of each category of `rows` (a category is its chain's contract). Read from
 * the contracts' active listings, then each listing's card by its token: a collection of 10,000 cards has a few
 * dozen listings, where reading its cards first passed all of them (56-94 ms a collection page at 10,010 cards,
 * now under 2). The card is found by its token only (no other index of the cards applies), so a plan made for a
 * small collection stays right for a big one.
 */
async function floorsOf(
  db: Database,
  rows: readonly { id: number; chainId: number; contractAddress: string }[],
): Promise<Map<number, CurrencyAmount[]>> {
  if (rows.length === 0) return new Map();
  const currency = canonicalCurrencySql(sql`o.currency_code`);
  const contracts = [...new Set(rows.map((row) => row.contractAddress))];
  const { rows: found } = await db.execute<Record<string, unknown>>(sql`select o.chain_id, o.contract_address,
      ${currency} as currency_code, min(o.price) as amount
    from sell_orders o join cards c
      on (c.chain_id, c.contract_address, c.token_id) = (o.chain_id, o.contract_address, o.token_id)
    where o.contract_address = any(${sql.param(contracts)}::text[]) and not c.hidden and ${ACTIVE_LISTING_SQL}
    group by 1, 2, 3 order by 1, 2, 3`);
  const idOf = new Map(rows.map((row) => [`${row.chainId}:${row.contractAddress}`, row.id]));
  const withIds = found.flatMap((row) => {
    const id = idOf.get(`${toNumber(row.chain_id)}:${String(row.contract_address)}`);
    return id === undefined ? [] : [{ ...row, category_id: id }];
  });
  return groupById(withIds, 'category_id', toCurrencyAmount);
}

/** All-time sales per currency of each category in `ids` (sales of its contract). */
async function volumesOf(db: Database, ids: readonly number[]): Promise<Map<number, CurrencyVolume[]>> {
  const currency = canonicalCurrencySql(sql`s.currency_code`);
  const { rows } = await db.execute<Record<string, unknown>>(sql`select g.id, g.chain_id, ${currency} as currency_code,
      sum(s.price) as amount, count(*)::int as sales
    from categories g join sales s on s.chain_id = g.chain_id and s.contract_address = g.contract_address
    where ${inArray(sql`g.id`, ids)} and s.kind = 'sale'
    group by g.id, g.chain_id, ${currency} order by 1, 3`);
  return groupById(rows, 'id', toCurrencyVolume);
}

/** The SELECT of category rows (with their creator and card count) behind list and page, from `source` as `g`. */
const categoryRows = (where: SQL, source: SQL = sql`categories`) => sql`from ${source} g
    left join illustrators i on i.id = g.creator_id
    left join users u on u.id = i.user_id
    where not g.hidden and ${where}`;

const CATEGORY_COLUMNS = sql`g.id, g.chain_id, g.contract_address, g.name, g.name_en, g.image, g.description,
    g.description_en, g.royalty_guaranteed, g.created_at, i.id as creator_id, i.name as creator_name, i.name_en as creator_name_en,
    u.wallet_address as creator_wallet,
    (select count(*) from cards c where c.category_id = g.id and not c.hidden)::int as card_count`;

/** Rows of {@link CATEGORY_COLUMNS} with their floors and volumes, as JSON. */
async function toSummaries(db: Database, rows: Record<string, unknown>[]): Promise<CategorySummary[]> {
  const ids = rows.map((row) => toNumber(row.id));
  const collections = rows.map((row) => ({
    id: toNumber(row.id),
    chainId: toNumber(row.chain_id),
    contractAddress: String(row.contract_address),
  }));
  const [floors, volumes] = [await floorsOf(db, collections), await volumesOf(db, ids)];
  return rows.map((row) => {
    const id = toNumber(row.id);
    return {
      id,
      chainId: toNumber(row.chain_id),
      contractAddress: String(row.contract_address),
      name: String(row.name),
      nameEn: (row.name_en as string | null) ?? null,
      image: (row.image as string | null) ?? null,
      description: (row.description as string | null) ?? null,
      descriptionEn: (row.description_en as string | null) ?? null,
      royaltyGuaranteed: row.royalty_guaranteed === true,
      creator:
        row.creator_id === null || row.creator_wallet === null
          ? null
          : {
              id: toNumber(row.creator_id),
              name: String(row.creator_name),
              nameEn: (row.creator_name_en as string | null) ?? null,
              walletAddress: String(row.creator_wallet),
            },
      cardCount: toNumber(row.card_count),
      floor: floors.get(id) ?? [],
      volume: volumes.get(id) ?? [],
      createdAt: toIso(row.created_at),
    };
  });
}

/** One page of visible categories matching `filters`; counted up to {@link countCap} (`totalExact`). */
export async function listCategories(db: Database, filters: CategoryFilters): Promise<CountedPage<CategorySummary>> {
  // The page is chosen from the collections alone (by index, or among a keyword's matches), then joined.
  // Walked, the keyword is a test of each row the planner cannot measure (see unmeasured), not an index condition.
  const keyword = (q: string, walk: boolean) => {
    const found = nameContains(q, [sql`g.name`, sql`g.name_en`], 'ilike', { byIndex: !walk });
    return walk ? unmeasured(found) : found;
  };
  const where = (walk: boolean) =>
    sql.join(
      [
        sql`not g.hidden`,
        filters.chainId === undefined ? sql`true` : sql`g.chain_id = ${filters.chainId}`,
        filters.creator === undefined
          ? sql`true`
          : sql`g.creator_id in (select ci.id from illustrators ci join users cu on cu.id = ci.user_id
            where cu.wallet_address = ${filters.creator})`,
        filters.q === undefined ? sql`true` : keyword(filters.q, walk),
      ],
      sql` and `,
    );
  const cap = countCap(filters);
  const counted = await db.execute<{ n: unknown }>(
    sql`select count(*)::int as n from (select 1 from categories g where ${where(false)}
      limit ${cap + 1}) matching`,
  );
  const found = toNumber(counted.rows[0]?.n);
  // A keyword found in more names than the count goes (8,001 of 200,000 for "dragon") walks the order's index: the
  // planner, which expected 40, read every match and sorted them (25 ms against under 1 ms).
  const order =
    filters.sort === 'volume'
      ? sql`g.sales_count desc, g.created_at desc, g.id desc`
      : sql`g.created_at desc, g.id desc`;
  const page = sql`(select g.* from categories g where ${where(found > cap)}
    order by ${order} limit ${filters.perPage} offset ${pageOffset(filters)})`;
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select ${CATEGORY_COLUMNS} ${categoryRows(sql`true`, page)} order by ${order}`,
  );
  return toCountedPage(await toSummaries(db, rows), found, filters);
}

/** The visible categories among `ids`, in the order of `ids`, with their counts, floors and volume (one query). */
export async function getCategories(db: Database, ids: readonly number[]): Promise<CategorySummary[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select ${CATEGORY_COLUMNS} ${categoryRows(inArray(sql`g.id`, ids))}`,
  );
  const found = await toSummaries(db, rows);
  return ids.flatMap((id) => found.filter((category) => category.id === id));
}

/** One visible category with its counts, floors and volume; null when unknown or hidden. */
export async function getCategory(db: Database, id: number): Promise<CategorySummary | null> {
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select ${CATEGORY_COLUMNS} ${categoryRows(sql`g.id = ${id}`)}`,
  );
  const [summary] = await toSummaries(db, rows);
  return summary ?? null;
}
