/**
 * Activity of a card, a wallet, a category or the whole market: mints (cards.minted_at), listings
 * (sell_orders, with their status) and sales, newest first. There is no transfer table: a sale is
 * the transfer from seller to buyer, and transfers outside the exchange are not recorded, so they do
 * not appear. Rows of hidden cards are left out.
 *
 * @see docs/product-spec.md §2 (/tokens/..., /user/{address}, /collection/{id})
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { addressSchema } from '~/lib/addresses';
import { type Page, type PageRequest, pageOffset, pageQuerySchema, toPage } from '~/lib/pagination';
import { idParam } from '~/lib/params';
import { toDecimal, toIso, toNumber } from '~/lib/rowValues';
import type { Database } from '~/server/db/types';
import type { ActivityItem, ActivityType } from '../types';

/** Kinds of rows a caller can ask for. */
export const ACTIVITY_TYPES = ['mint', 'listing', 'sale'] as const;

/** Whose activity: one card (by id), one wallet (as seller, buyer or creator), one category, or all. */
export interface ActivityFilter {
  cardId?: number | undefined;
  walletAddress?: string | undefined;
  categoryId?: number | undefined;
  types?: readonly ActivityType[] | undefined;
}

/**
 * Query of `GET /api/v1/activity`: at most one of card_id, wallet_address, category_id; `type` is one
 * kind, `all` (mints too), or left out for sales and listings.
 */
export const activityQuerySchema = pageQuerySchema
  .extend({
    card_id: idParam.optional(),
    wallet_address: addressSchema.optional(),
    category_id: idParam.optional(),
    type: z.enum([...ACTIVITY_TYPES, 'all']).optional(),
  })
  .refine(
    (query) => [query.card_id, query.wallet_address, query.category_id].filter((v) => v !== undefined).length <= 1,
    { message: 'give at most one of card_id, wallet_address, category_id', path: ['card_id'] },
  )
  .transform((query) => ({
    filter: {
      cardId: query.card_id,
      walletAddress: query.wallet_address,
      categoryId: query.category_id,
      types: query.type === undefined ? undefined : query.type === 'all' ? ACTIVITY_TYPES : [query.type],
    } satisfies ActivityFilter,
    page: { page: query.page, perPage: query.per_page } satisfies PageRequest,
  }));

/** `cond` when the filter value is set, else `true`. */
const when = (value: unknown, cond: () => SQL): SQL => (value === undefined ? sql`true` : cond());

/** Kinds of rows when the caller names none: sales and listings (mints are asked for by name). */
export const DEFAULT_ACTIVITY_TYPES: readonly ActivityType[] = ['sale', 'listing'];

/** Joins the card of `alias`'s token (and its category) and keeps rows whose card is not hidden. */
const visibleCardOf = (alias: string) => ({
  join: sql.raw(`left join cards c on (c.chain_id, c.contract_address, c.token_id) =
      (${alias}.chain_id, ${alias}.contract_address, ${alias}.token_id)
    left join categories g on g.id = c.category_id`),
  visible: sql`(c.id is null or (not c.hidden and (g.id is null or not g.hidden)))`,
});

/**
 * The SELECTs of mints, listings and sales matching `filter`, each as rows of one shape (with the
 * card's id and name). Each leaves out rows of hidden cards itself, so each can be limited alone.
 */
function activityParts(filter: ActivityFilter): SQL[] {
  const { cardId, walletAddress: wallet, categoryId } = filter;
  const types = filter.types?.length ? filter.types : DEFAULT_ACTIVITY_TYPES;
  // Sales and listings are matched on (chain, contract, token): the card's or the category's contract.
  const cardMatch = (alias: string) =>
    when(
      cardId,
      () =>
        sql`(${sql.raw(`${alias}.chain_id, ${alias}.contract_address, ${alias}.token_id`)}) =
          (select chain_id, contract_address, token_id from cards where id = ${cardId})`,
    );
  const categoryMatch = (alias: string) =>
    when(
      categoryId,
      () =>
        sql`(${sql.raw(`${alias}.chain_id, ${alias}.contract_address`)}) =
          (select chain_id, contract_address from categories where id = ${categoryId})`,
    );
  const parts: SQL[] = [];
  if (types.includes('sale')) {
    const card = visibleCardOf('s');
    parts.push(sql`select 'sale' as type, s.sold_at as at, s.chain_id, s.contract_address, s.token_id,
        s.seller_address as from_address, s.buyer_address as to_address, s.price, s.currency_code, s.tx_hash,
        o.order_hash, null::text as status, s.id as row_id, c.id as card_id, c.name as card_name
      from sales s left join sell_orders o on o.id = s.order_id ${card.join}
      where ${card.visible} and ${cardMatch('s')} and ${categoryMatch('s')}
        and ${when(wallet, () => sql`(s.seller_address = ${wallet} or s.buyer_address = ${wallet})`)}`);
  }
  if (types.includes('listing')) {
    const card = visibleCardOf('o');
    parts.push(sql`select 'listing' as type, o.created_at as at, o.chain_id, o.contract_address, o.token_id,
        o.seller_address as from_address, null::text as to_address, o.price, o.currency_code, null::text as tx_hash,
        o.order_hash, o.status, o.id as row_id, c.id as card_id, c.name as card_name
      from sell_orders o ${card.join}
      where ${card.visible} and ${cardMatch('o')} and ${categoryMatch('o')}
        and ${when(wallet, () => sql`o.seller_address = ${wallet}`)}`);
  }
  if (types.includes('mint')) {
    parts.push(sql`select 'mint' as type, c.minted_at as at, c.chain_id, c.contract_address, c.token_id,
        null::text as from_address, coalesce(c.minted_to, u.wallet_address) as to_address, null::numeric as price,
        null::integer as currency_code, null::text as tx_hash, null::text as order_hash, null::text as status,
        c.id as row_id, c.id as card_id, c.name as card_name
      from cards c left join categories g on g.id = c.category_id
        left join illustrators i on i.id = c.creator_id left join users u on u.id = i.user_id
      where c.minted_at is not null and not c.hidden and (g.id is null or not g.hidden)
        and ${when(cardId, () => sql`c.id = ${cardId}`)}
        and ${when(categoryId, () => sql`c.category_id = ${categoryId}`)}
        and ${when(wallet, () => sql`(u.wallet_address = ${wallet} or c.minted_to = ${wallet})`)}`);
  }
  return parts;
}

/** The columns every activity row has, whatever the kind of activity. */
export interface ActivityRowColumns {
  at: unknown;
  from_address: string | null;
  to_address: string | null;
  price: unknown;
  currency_code: unknown;
  tx_hash: string | null;
  order_hash: string | null;
  status: string | null;
  [key: string]: unknown;
}

/** An activity item's fields read from those columns (the card and the kind are the caller's). */
export function activityFields(row: ActivityRowColumns) {
  return {
    at: toIso(row.at),
    from: row.from_address,
    to: row.to_address,
    price: row.price === null ? null : toDecimal(row.price),
    currencyCode: row.currency_code === null ? null : toNumber(row.currency_code),
    txHash: row.tx_hash,
    orderHash: row.order_hash,
    status: row.status,
  };
}

interface ActivityRow extends ActivityRowColumns {
  type: ActivityType;
  chain_id: unknown;
  contract_address: string;
  token_id: unknown;
  card_id: unknown;
  card_name: string | null;
}

/** A row of the union as JSON. */
function toItem(row: ActivityRow): ActivityItem {
  return {
    type: row.type,
    ...activityFields(row),
    card: {
      id: row.card_id === null ? null : toNumber(row.card_id),
      chainId: toNumber(row.chain_id),
      contractAddress: row.contract_address,
      tokenId: toDecimal(row.token_id),
      name: row.card_name,
    },
  };
}

/**
 * One page of activity matching `filter`, newest first (sales and listings unless `types` says
 * otherwise). Each kind is cut to the rows the page can need before they are merged, so a page stays
 * cheap however long the history is.
 */
export async function listActivity(
  db: Database,
  filter: ActivityFilter,
  page: PageRequest,
): Promise<Page<ActivityItem>> {
  const parts = activityParts(filter);
  const needed = pageOffset(page) + page.perPage;
  const limited = parts.map((part) => sql`(${part} order by at desc, row_id desc limit ${needed})`);
  const rows = await db.execute<ActivityRow>(sql`select * from (${sql.join(limited, sql` union all `)}) a
    order by a.at desc, a.type, a.row_id desc limit ${page.perPage} offset ${pageOffset(page)}`);
  const counts = parts.map((part) => sql`(select count(*) from (${part}) p)`);
  const counted = await db.execute<{ n: unknown }>(sql`select (${sql.join(counts, sql` + `)})::int as n`);
  return toPage(rows.rows.map(toItem), toNumber(counted.rows[0]?.n), page);
}
