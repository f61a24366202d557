import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enlargeCollection } from '#tests/helpers/bigCollection.ts';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { statementReads } from '#tests/helpers/planReads.ts';
import { seedDemo } from '~/dev/seed/demo.ts';
import { getCategory } from './categories.server.ts';

const database = fileTestDatabase();
/** Two demo collections with open listings. */
let collection: { id: number; chainId: number; contractAddress: string };
let other: { id: number; chainId: number; contractAddress: string };

beforeAll(async () => {
  await seedDemo(database.db);
  const { rows } = await database.db.execute<{ id: number; chain_id: number; contract_address: string }>(sql`
    select g.id, g.chain_id, g.contract_address from categories g
    join cards c on c.category_id = g.id
    join sell_orders o on (o.chain_id, o.contract_address, o.token_id) = (c.chain_id, c.contract_address, c.token_id)
    where o.status = 'active' and o.seller_address = c.owner_address and o.expires_at > now()
    group by 1, 2, 3 order by count(*) desc limit 2`);
  const [found, second] = rows.map((row) => ({
    id: Number(row.id),
    chainId: Number(row.chain_id),
    contractAddress: row.contract_address,
  }));
  if (!found || !second) throw new Error('the demo has fewer than two collections with listings');
  [collection, other] = [found, second];
  // Thousands of listings elsewhere: the market's listings far outnumber one collection's.
  await enlargeCollection(database.db, other, 5_000, { listed: true });
}, 120_000);

describe("a big collection's floor", () => {
  it('is read from its listings, not from its 5,000 cards, and stays the same', async () => {
    const before = await getCategory(database.db, collection.id);
    expect(before?.floor.length).toBeGreaterThan(0);
    await enlargeCollection(database.db, collection, 5_000);
    const statements = await statementReads(database.db, (db) => getCategory(db, collection.id));
    const floor = statements.find((statement) => statement.text.includes('min(o.price)'));
    expect(floor?.read.get('cards')).toBeLessThan(100);
    const after = await getCategory(database.db, collection.id);
    expect(after?.floor).toEqual(before?.floor);
    expect(after?.cardCount).toBe((before?.cardCount ?? 0) + 5_000);
  }, 120_000);
});
