/**
 * Creators (illustrators) as the public sees them: the list with a keyword and sort, and the creator
 * page by wallet address with their collections, card count and sales volume. Illustrators whose user
 * is suspended are left out.
 *
 * @see docs/product-spec.md §2 (/creator/{address}, /profile-creators/{id})
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { canonicalCurrencySql } from '~/features/chains/currencySql.server';
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
import { nameContains } from '~/server/db/listConditions';
import type { Database } from '~/server/db/types';
import { listCategories } from '../collections/categories.server';
import { toCurrencyVolume } from '../currencyRows';
import type { CreatorDetail, CreatorSummary, CurrencyVolume } from '../types';

/**
 * Orders of the creator list: newest account first, by name, or most sales first, each walked by its index
 * (`illustrators_newest_idx`, `illustrators_name_order_idx`, `illustrators_sales_idx` on the stored count:
 * ../../market/salesCounts.server.ts).
 */
export const CREATOR_SORTS = ['newest', 'name', 'volume'] as const;

/** Filters of the creator list. */
export interface CreatorFilters extends PageRequest {
  q?: string | undefined;
  sort: (typeof CREATOR_SORTS)[number];
}

/** Query of `GET /api/v1/creators`. */
export const creatorListQuerySchema = pageQuerySchema
  .extend({ q: keywordParam.optional(), sort: z.enum(CREATOR_SORTS).default('newest') })
  .transform((query): CreatorFilters => ({ page: query.page, perPage: query.per_page, q: query.q, sort: query.sort }));

const CREATOR_COLUMNS = sql`i.id, i.name, i.name_en, coalesce(i.image, u.profile_thumb, u.profile_icon) as image,
    u.wallet_address, i.created_at,
    (select count(*) from categories g where g.creator_id = i.id and not g.hidden)::int as category_count,
    (select count(*) from cards c left join categories cg on cg.id = c.category_id
      where c.creator_id = i.id and not c.hidden and (cg.id is null or not cg.hidden))::int as card_count,
    i.sales_count`;

const creatorRows = (where: SQL) => sql`from illustrators i join users u on u.id = i.user_id
    where not u.suspended and ${where}`;

/** A row of {@link CREATOR_COLUMNS} as JSON. */
function toSummary(row: Record<string, unknown>): CreatorSummary {
  return {
    id: toNumber(row.id),
    name: String(row.name),
    nameEn: (row.name_en as string | null) ?? null,
    walletAddress: String(row.wallet_address),
    image: (row.image as string | null) ?? null,
    categoryCount: toNumber(row.category_count),
    cardCount: toNumber(row.card_count),
    salesCount: toNumber(row.sales_count),
    createdAt: toIso(row.created_at),
  };
}

/** One page of creators matching `filters`; counted up to {@link countCap} (`totalExact`). */
export async function listCreators(db: Database, filters: CreatorFilters): Promise<CountedPage<CreatorSummary>> {
  const where = filters.q === undefined ? sql`true` : nameContains(filters.q, [sql`i.name`, sql`i.name_en`]);
  const order =
    filters.sort === 'name'
      ? sql`coalesce(i.name_en, i.name), i.id`
      : filters.sort === 'volume'
        ? sql`i.sales_count desc, i.created_at desc, i.id desc`
        : sql`i.created_at desc, i.id desc`;
  const { rows } = await db.execute<Record<string, unknown>>(sql`select ${CREATOR_COLUMNS} ${creatorRows(where)}
    order by ${order} limit ${filters.perPage} offset ${pageOffset(filters)}`);
  const counted = await db.execute<{ n: unknown }>(
    sql`select count(*)::int as n from (select 1 ${creatorRows(where)} limit ${countCap(filters) + 1}) matching`,
  );
  return toCountedPage(rows.map(toSummary), toNumber(counted.rows[0]?.n), filters);
}

/** All-time sales volume per currency of the collections of illustrator `id`. */
async function creatorVolume(db: Database, id: number): Promise<CurrencyVolume[]> {
  const currency = canonicalCurrencySql(sql`s.currency_code`);
  const { rows } = await db.execute<Record<string, unknown>>(sql`select s.chain_id, ${currency} as currency_code,
      sum(s.price) as amount, count(*)::int as sales
    from sales s join categories g on g.chain_id = s.chain_id and g.contract_address = s.contract_address
    where g.creator_id = ${id} and s.kind = 'sale'
    group by s.chain_id, ${currency} order by 1, 2`);
  return rows.map(toCurrencyVolume);
}

/** Most collections listed on a creator page. */
export const CREATOR_CATEGORY_LIMIT = 100;

/**
 * The creator whose (linked) wallet is `walletAddress` (lower-case), with their visible collections
 * (newest first, at most {@link CREATOR_CATEGORY_LIMIT}) and sales volume; null when that wallet is not
 * an illustrator's or the user is suspended.
 */
export async function getCreator(db: Database, walletAddress: string): Promise<CreatorDetail | null> {
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select ${CREATOR_COLUMNS} ${creatorRows(sql`u.wallet_address = ${walletAddress}`)} limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  const summary = toSummary(row);
  const categories = await listCategories(db, {
    page: 1,
    perPage: CREATOR_CATEGORY_LIMIT,
    creator: walletAddress,
    sort: 'newest',
  });
  return { ...summary, categories: categories.items, volume: await creatorVolume(db, summary.id) };
}
