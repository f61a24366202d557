/**
 * The best open offer beside a price: for cards in a grid, the highest active offer an owner could accept
 * (on the card, on its collection, or on a trait the card holds); for collections in the rankings, their
 * highest active collection offer. Offers in different tokens are compared by amount (a chain's offers are
 * nearly always in its wrapped coin).
 */
import { inArray, sql } from 'drizzle-orm';
import { cards, offers } from '~/server/db/schema';
import { acceptableOfferSql } from '~/server/db/schema/orderSql';
import type { Database } from '~/server/db/types';

/** A best offer: the price of one card and its currency. */
export interface BestOffer {
  price: string;
  currencyCode: number;
}

/** The best offer of each card of `ids` that has one. */
export async function bestCardOffers(db: Database, ids: readonly number[]): Promise<Map<number, BestOffer>> {
  if (ids.length === 0) return new Map();
  const rows = await db.execute<{ id: unknown; price: unknown; currency_code: unknown }>(sql`
    select distinct on (${cards.id}) ${cards.id} as id, ${offers.price}::text as price, ${offers.currencyCode} as currency_code
    from ${cards} join ${offers} on ${offers.chainId} = ${cards.chainId} and ${offers.contractAddress} = ${cards.contractAddress}
      and ${acceptableOfferSql}
      and (${offers.kind} = 'collection' or (${offers.kind} = 'token' and ${offers.tokenId} = ${cards.tokenId})
        or (${offers.kind} = 'trait' and ${offers.criteriaTokenIds} ? (${cards.tokenId})::text))
    where ${inArray(cards.id, [...ids])}
    order by ${cards.id}, ${offers.price} desc`);
  return new Map(
    rows.rows.map((row) => [Number(row.id), { price: String(row.price), currencyCode: Number(row.currency_code) }]),
  );
}

/** The best collection offer of each collection of `ids` that has one. */
export async function bestCollectionOffers(db: Database, ids: readonly number[]): Promise<Map<number, BestOffer>> {
  if (ids.length === 0) return new Map();
  const rows = await db.execute<{ id: unknown; price: unknown; currency_code: unknown }>(sql`
    select distinct on (${offers.categoryId}) ${offers.categoryId} as id, ${offers.price}::text as price,
      ${offers.currencyCode} as currency_code
    from ${offers}
    where ${acceptableOfferSql} and ${offers.kind} = 'collection' and ${inArray(offers.categoryId, [...ids])}
    order by ${offers.categoryId}, ${offers.price} desc`);
  return new Map(
    rows.rows.map((row) => [Number(row.id), { price: String(row.price), currencyCode: Number(row.currency_code) }]),
  );
}
