/**
 * A collection's activity feed with filters by kind: sales, listings, offers (on a card, the collection or a
 * trait), transfers outside the exchange and mints (transfers from the zero address), newest first. Each kind
 * is read newest-first on its own and limited before they are merged, so the feed costs `limit` rows per kind.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '~/server/db/types';
import type { CollectionKey } from './dailyStats.server';

/** Kinds of rows the feed can show (`?activity=`). */
export const FEED_TYPES = ['sale', 'listing', 'offer', 'transfer', 'mint'] as const;

/** One kind of feed row. */
export type FeedType = (typeof FEED_TYPES)[number];

/** One row of the feed. */
export interface FeedItem {
  type: FeedType;
  at: string;
  tokenId: string | null;
  price: string | null;
  currencyCode: number | null;
  from: string | null;
  to: string | null;
}

const ZERO = '0x0000000000000000000000000000000000000000';

/** The SELECT of one kind, newest first, limited. */
function part(type: FeedType, key: CollectionKey, limit: number): SQL {
  // The collection's rows, leaving out cards an admin hid (they are shown nowhere).
  const where = (alias: string) => {
    const a = sql.raw(alias);
    return sql`${a}.chain_id = ${key.chainId} and ${a}.contract_address = ${key.contractAddress}
      and not exists (select 1 from cards hc where hc.hidden and hc.chain_id = ${a}.chain_id
        and hc.contract_address = ${a}.contract_address and hc.token_id = ${a}.token_id)`;
  };
  switch (type) {
    case 'sale':
      return sql`(select 'sale' as type, s.sold_at as at, s.token_id::text as token_id, s.price::text as price,
        s.currency_code, s.seller_address as from_address, s.buyer_address as to_address
        from sales s where ${where('s')} order by s.sold_at desc limit ${limit})`;
    case 'listing':
      return sql`(select 'listing', o.created_at, o.token_id::text, o.price::text, o.currency_code, o.seller_address, null
        from sell_orders o where ${where('o')} order by o.created_at desc limit ${limit})`;
    case 'offer':
      return sql`(select 'offer', f.created_at, f.token_id::text, f.price::text, f.currency_code, f.offerer_address, null
        from offers f where ${where('f')} order by f.created_at desc limit ${limit})`;
    case 'transfer':
      // Transfers that were not a sale on the exchange (a sale already shows as one).
      return sql`(select 'transfer', t.transferred_at, t.token_id::text, null, null, t.from_address, t.to_address
        from card_transfers t where ${where('t')} and t.from_address <> ${ZERO}
          and not exists (select 1 from sales s where s.chain_id = t.chain_id and s.tx_hash = t.tx_hash
            and s.token_id = t.token_id)
        order by t.block_number desc, t.log_index desc limit ${limit})`;
    case 'mint':
      return sql`(select 'mint', t.transferred_at, t.token_id::text, null, null, null, t.to_address
        from card_transfers t where ${where('t')} and t.from_address = ${ZERO}
        order by t.block_number desc, t.log_index desc limit ${limit})`;
  }
}

/** The newest `limit` rows of the kinds in `types` (all kinds when empty). */
export async function collectionActivity(
  db: Database,
  key: CollectionKey,
  types: readonly FeedType[],
  limit = 20,
): Promise<FeedItem[]> {
  const kinds = types.length > 0 ? types : FEED_TYPES;
  const union = sql.join(
    kinds.map((type) => part(type, key, limit)),
    sql` union all `,
  );
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`select * from (${union}) feed order by at desc limit ${limit}`,
  );
  return rows.map((row) => ({
    type: row.type as FeedType,
    at: new Date(row.at as string).toISOString(),
    tokenId: row.token_id === null ? null : String(row.token_id),
    price: row.price === null ? null : String(row.price),
    currencyCode: row.currency_code === null ? null : Number(row.currency_code),
    from: (row.from_address as string | null) ?? null,
    to: (row.to_address as string | null) ?? null,
  }));
}
