import { ilike, or, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { categories, illustrators } from '~/server/db/schema/index.ts';
import { seedBulk } from './bulk.ts';
import { seedDemo } from './demo.ts';

const database = fileTestDatabase();

describe('seedBulk', () => {
  it('adds the asked numbers of creators, collections and cards next to the demo data', async () => {
    await seedDemo(database.db);
    const result = await seedBulk(database.db, { cards: 2_000, creators: 120, categories: 300 });
    expect(result).toMatchObject({ creators: 120, categories: 300, cards: 2_000 });
    const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from cards`);
    expect(rows[0]?.n).toBe(2_120);
  }, 60_000);

  it('adds nothing when run again', async () => {
    const result = await seedBulk(database.db, { cards: 2_000, creators: 120, categories: 300 });
    expect(result).toMatchObject({ creators: 120, categories: 300, cards: 2_000 });
  }, 60_000);

  it('gives names that Japanese and English keywords find', async () => {
    const creators = await database.db
      .select({ uid: illustrators.uid })
      .from(illustrators)
      .where(or(ilike(illustrators.name, '%佐藤%'), ilike(illustrators.nameEn, '%sato%')));
    expect(creators.length).toBeGreaterThan(0);
    const collections = await database.db
      .select({ name: categories.name, nameEn: categories.nameEn })
      .from(categories)
      .where(ilike(categories.nameEn, '%dragons%'));
    expect(collections.length).toBeGreaterThan(0);
    expect(collections.every((c) => c.name.includes('竜'))).toBe(true);
  });

  it("lists one card in N by its owner when asked, each open and in its chain's coin or ATEM", async () => {
    const result = await seedBulk(database.db, { cards: 2_000, creators: 120, categories: 300, listedEvery: 10 });
    expect(result.listings).toBeGreaterThanOrEqual(190);
    const { rows } = await database.db.execute<{ open: number; types: number; foreign: number }>(sql`
      select count(*) filter (where o.status = 'active' and o.starts_at <= now() and o.expires_at > now()
          and o.seller_address = c.owner_address)::int as open,
        count(distinct o.sale_type)::int as types,
        count(*) filter (where o.currency_code not in (2, 3, 6, 7, 8))::int as foreign
      from sell_orders o join cards c on c.id = o.card_id where o.order_hash like '0xb1%'`);
    expect(rows[0]).toEqual({ open: result.listings, types: 3, foreign: 0 });
  }, 60_000);

  it('refuses a count that is not a whole number', async () => {
    await expect(seedBulk(database.db, { cards: -1 })).rejects.toThrow(RangeError);
  });
});
