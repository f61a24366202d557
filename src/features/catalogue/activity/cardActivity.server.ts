/**
 * The token page's activity: the latest sales and listings of one card's token, and its mint (to whom it was
 * minted: the illustrator, or the buyer of a paid card), newest first, read with the card in its own statement
 * (no visibility joins: that statement found the visible card; no count: the page shows the latest rows only). The same rows, in the
 * same order, as `listActivity` for that card.
 *
 * @see ./activity.server.ts
 */
import { type SQL, sql } from 'drizzle-orm';
import { fromJson, toNumber } from '~/lib/rowValues';
import type { TokenRef } from '~/server/db/onChainConditions';
import type { ActivityItem, CardDetail } from '../types';
import { type ActivityRowColumns, activityFields } from './activity.server';

interface TokenActivityRow extends ActivityRowColumns {
  type: 'sale' | 'listing' | 'mint';
  row_id: unknown;
}

type CardOfActivity = Pick<CardDetail, 'id' | 'chainId' | 'contractAddress' | 'tokenId' | 'name'>;

/**
 * The latest `limit` activity rows of a card as one JSON array, in no order ({@link cardActivityOf} orders them):
 * a column of the card's statement (`card` names that statement's columns: its token, and `id` the card's).
 */
export function cardActivitySql(card: TokenRef & { id: unknown }, limit: number): SQL {
  const token = sql`${card.chainId}, ${card.contractAddress}, ${card.tokenId}::numeric`;
  return sql`(select coalesce(json_agg(activity), '[]') from (
    (select 'sale' as type, s.sold_at as at, s.seller_address as from_address, s.buyer_address as to_address,
        s.price::text as price, s.currency_code, s.tx_hash, o.order_hash, null::text as status, s.id as row_id
      from sales s left join sell_orders o on o.id = s.order_id
      where (s.chain_id, s.contract_address, s.token_id) = (${token})
      order by s.sold_at desc, s.id desc limit ${limit})
    union all
    (select 'listing', o.created_at, o.seller_address, null, o.price::text, o.currency_code, null, o.order_hash,
        o.status, o.id
      from sell_orders o
      where (o.chain_id, o.contract_address, o.token_id) = (${token})
      order by o.created_at desc, o.id desc limit ${limit})
    union all
    (select 'mint', c.minted_at, null, coalesce(c.minted_to, u.wallet_address), null, null, null, null, null, c.id
      from cards c left join illustrators i on i.id = c.creator_id left join users u on u.id = i.user_id
      where c.id = ${card.id} and c.minted_at is not null)) activity)`;
}

/** The activity of `card` in `value` (what {@link cardActivitySql} gave: a JSON array or its text), newest first. */
export function cardActivityOf(value: unknown, card: CardOfActivity, limit: number): ActivityItem[] {
  const rows = (fromJson(value) ?? []) as TokenActivityRow[];
  const ref = {
    id: card.id,
    chainId: card.chainId,
    contractAddress: card.contractAddress,
    tokenId: card.tokenId,
    name: card.name,
  };
  const items: { rowId: number; item: ActivityItem }[] = rows.map((row) => ({
    rowId: toNumber(row.row_id),
    item: {
      type: row.type,
      ...activityFields(row),
      card: ref,
    },
  }));
  // As listActivity orders them: newest first, then by kind, then the newest row.
  items.sort(
    (a, b) =>
      Date.parse(b.item.at) - Date.parse(a.item.at) || a.item.type.localeCompare(b.item.type) || b.rowId - a.rowId,
  );
  return items.slice(0, limit).map(({ item }) => item);
}
