import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { seedDemo } from '~/dev/seed/demo.ts';
import { cancelListing, insertListing } from '~/features/trading/orders/orderStatus.server.ts';
import type { sellOrders } from '~/server/db/schema';
import { setCardOwner } from './cardWrites.server.ts';

const database = fileTestDatabase();
type Listing = typeof sellOrders.$inferSelect;
let listing: Listing;

beforeAll(async () => {
  await seedDemo(database.db);
  // A fixed-price listing by its card's owner, the card's only live one.
  const { rows } = await database.db.execute<{ id: number }>(sql`
    select o.id from sell_orders o join cards c on c.id = o.card_id and c.owner_address = o.seller_address
    where o.status = 'active' and o.sale_type = 'fixed' and o.starts_at <= now() and o.expires_at > now()
      and (select count(*) from sell_orders s where s.card_id = o.card_id and s.status = 'active') = 1
    order by o.id limit 1`);
  const found = await database.db.query.sellOrders.findFirst({ where: (o, { eq }) => eq(o.id, Number(rows[0]?.id)) });
  if (!found) throw new Error('the demo has no single fixed-price listing');
  listing = found;
}, 60_000);

/** The card's price ranks (ascending, descending) as the price orders read them. */
async function ranks(cardId: number): Promise<[string, string]> {
  const { rows } = await database.db.execute<{ a: string; d: string }>(
    sql`select price_asc_rank::text as a, price_desc_rank::text as d from cards where id = ${cardId}`,
  );
  return [String(rows[0]?.a), String(rows[0]?.d)];
}

describe("a card's place in the price orders", () => {
  it('follows its listing: ranked while listed, last once the listing is cancelled, ranked again when relisted', async () => {
    const cardId = listing.cardId as number;
    const listed = await ranks(cardId);
    expect(listed.every((rank) => BigInt(rank) > 0n)).toBe(true);
    await cancelListing(database.db, listing.id, { at: new Date() });
    expect(await ranks(cardId)).toEqual(['0', '0']);
    const { id: _id, status: _status, ...values } = listing;
    await database.db.transaction((tx) => insertListing(tx, { ...values, orderHash: `0x${'ef'.repeat(32)}` }));
    expect(await ranks(cardId)).toEqual(listed);
  });

  it('follows its owner: a listing by a former owner does not rank, and ranks again when the card comes back', async () => {
    const cardId = listing.cardId as number;
    const listed = await ranks(cardId);
    expect(BigInt(listed[0])).toBeGreaterThan(0n);
    await setCardOwner(database.db, { id: cardId }, `0x${'12'.repeat(20)}`);
    expect(await ranks(cardId)).toEqual(['0', '0']);
    await setCardOwner(database.db, { id: cardId }, listing.sellerAddress);
    expect(await ranks(cardId)).toEqual(listed);
  });
});
