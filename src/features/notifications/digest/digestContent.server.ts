/**
 * What one user's weekly digest says, for the period it covers: new cards from the creators and collections
 * they follow, their favourites listed at a new price, what happened to them (their notifications of sales,
 * offers, bids and payouts, rendered in their language), and the week's trending cards (most sold).
 */
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '~/server/db/types';
import { amountText } from '../moneyNotices.server';

type Db = Database | Transaction;

/** A card as the digest shows it. */
export interface DigestCard {
  name: string;
  image: string | null;
  path: string;
  /** The listing's price as shown (`0.5 ETH`), for favourites; sales count for trending. */
  note: string | null;
}

/** A digest's content. */
export interface DigestContent {
  newCards: DigestCard[];
  favourites: DigestCard[];
  /** The user's notifications of the period (kind and params), oldest first. */
  events: { kind: string; params: Record<string, string | number | null> }[];
  trending: DigestCard[];
}

/** How many cards one section lists at most. */
export const SECTION_LIMIT = 6;

/** The kinds of notification the digest recalls. */
const RECALLED = [
  'card_sold',
  'offer_received',
  'bid_received',
  'offer_accepted',
  'payout_approved',
  'payout_paid',
  'payout_rejected',
];

type CardRow = {
  name: string;
  image: string | null;
  chain_id: number;
  contract_address: string;
  token_id: string;
  price?: string | null;
  currency_code?: number | null;
  sold?: unknown;
};

const toCard = (row: CardRow, note: string | null): DigestCard => ({
  name: row.name,
  image: row.image,
  path: `/tokens/${row.chain_id}/${row.contract_address}/${row.token_id}`,
  note,
});

/** The digest of `userId` for `[from, to)`. */
export async function digestContent(db: Db, userId: number, from: Date, to: Date): Promise<DigestContent> {
  const newCards = await db.execute<CardRow>(sql`
    select c.name, c.image, c.chain_id, c.contract_address, c.token_id::text from cards c
    where not c.hidden and coalesce(c.minted_at, c.created_at) >= ${from} and coalesce(c.minted_at, c.created_at) < ${to}
      and (c.creator_id in (select creator_id from creator_follows where user_id = ${userId})
        or c.category_id in (select collection_id from collection_follows where user_id = ${userId}))
    order by coalesce(c.minted_at, c.created_at) desc, c.id desc limit ${SECTION_LIMIT}`);
  const favourites = await db.execute<CardRow>(sql`
    select * from (select distinct on (c.id) c.id, c.name, c.image, c.chain_id, c.contract_address, c.token_id::text,
        s.price::text as price, s.currency_code, s.created_at
      from favorites f join cards c on c.id = f.card_id
      join sell_orders s on (s.chain_id, s.contract_address, s.token_id) = (c.chain_id, c.contract_address, c.token_id)
      where f.user_id = ${userId} and not c.hidden and s.status = 'active'
        and s.created_at >= ${from} and s.created_at < ${to}
      order by c.id, s.created_at desc) listed
    order by created_at desc limit ${SECTION_LIMIT}`);
  const events = await db.execute<{ kind: string; params: Record<string, string | number | null> }>(sql`
    select kind, params from notifications where user_id = ${userId}
      and created_at >= ${from} and created_at < ${to}
      and kind in (${sql.join(
        RECALLED.map((kind) => sql`${kind}`),
        sql`, `,
      )})
    order by id limit 20`);
  const trending = await db.execute<CardRow>(sql`
    select c.name, c.image, c.chain_id, c.contract_address, c.token_id::text, count(*)::int as sold
    from sales s join cards c on (c.chain_id, c.contract_address, c.token_id) = (s.chain_id, s.contract_address, s.token_id)
    where not c.hidden and s.kind = 'sale' and s.sold_at >= ${from} and s.sold_at < ${to}
    group by c.id order by count(*) desc, c.id limit 5`);
  return {
    newCards: newCards.rows.map((row) => toCard(row, null)),
    favourites: favourites.rows.map((row) =>
      toCard(row, row.price ? amountText(row.price, Number(row.currency_code)) : null),
    ),
    events: events.rows,
    trending: trending.rows.map((row) => toCard(row, String(row.sold))),
  };
}

/** Whether there is anything of the user's own to tell (trending alone is not worth a mail). */
export function hasNews(content: DigestContent): boolean {
  return content.newCards.length + content.favourites.length + content.events.length > 0;
}
