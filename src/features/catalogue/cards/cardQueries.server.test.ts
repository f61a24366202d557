import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { seedBulk } from '~/dev/seed/bulk.ts';
import { seedDemo } from '~/dev/seed/demo.ts';
import { COUNT_AHEAD } from '~/lib/pagination';
import { ACTIVITY_TYPES, listActivity } from '../activity/activity.server.ts';
import { CARD_ACTIVITY_LIMIT, getCard, listCards } from './cards.server.ts';

const database = fileTestDatabase();

beforeAll(async () => {
  await seedDemo(database.db);
}, 60_000);

describe('the token page card', () => {
  it("shows the same activity as the activity API, and the chain's current platform fee", async () => {
    const { rows } = await database.db.execute<{ id: number }>(sql`
      select c.id from cards c
      where exists (select 1 from sales s where (s.chain_id, s.contract_address, s.token_id) =
        (c.chain_id, c.contract_address, c.token_id))
      order by c.id limit 5`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { id } of rows) {
      const card = await getCard(database.db, { id: Number(id) });
      const api = await listActivity(
        database.db,
        { cardId: Number(id), types: ACTIVITY_TYPES },
        { page: 1, perPage: CARD_ACTIVITY_LIMIT },
      );
      expect(card?.activity).toEqual(api.items);
      expect(card?.activity.map((item) => item.type)).toContain('sale');
    }
    const card = await getCard(database.db, { id: Number(rows[0]?.id) });
    await database.db.execute(sql`insert into platform_fees (chain_id, fee_bps) values (${card?.chainId}, 321)
      on conflict (chain_id) do update set fee_bps = 321`);
    expect((await getCard(database.db, { id: Number(rows[0]?.id) }))?.platformFeeBps).toBe(321);
  });
});

describe('the card list count', () => {
  it(`counts exactly up to ${COUNT_AHEAD} past the page, and says "at least" beyond`, async () => {
    const small = await listCards(database.db, { page: 1, perPage: 24, sort: 'newest', status: 'all' });
    expect(small.totalExact).toBe(true);
    const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from cards`);
    expect(small.total).toBe(rows[0]?.n);
    await seedBulk(database.db, { cards: COUNT_AHEAD + 200, creators: 50, categories: 60 });
    const first = await listCards(database.db, { page: 1, perPage: 24, sort: 'newest', status: 'all' });
    expect(first).toMatchObject({ total: COUNT_AHEAD, totalExact: false });
    expect(first.items).toHaveLength(24);
    const later = await listCards(database.db, { page: 40, perPage: 24, sort: 'newest', status: 'all' });
    expect(later.total).toBeGreaterThan(COUNT_AHEAD);
    const last = await listCards(database.db, { page: 50, perPage: 24, sort: 'newest', status: 'all' });
    expect(last.totalExact).toBe(true);
    // A shelf that shows no count: the page alone says there are more, or how many there were in all.
    const shelf = await listCards(
      database.db,
      { page: 2, perPage: 8, sort: 'newest', status: 'all' },
      { count: false },
    );
    expect(shelf).toMatchObject({ total: 16, totalExact: false });
    expect(shelf.items).toEqual(
      (await listCards(database.db, { page: 2, perPage: 8, sort: 'newest', status: 'all' })).items,
    );
    const final = { page: last.totalPages, perPage: 24, sort: 'newest', status: 'all' } as const;
    const end = await listCards(database.db, final, { count: false });
    expect(end).toMatchObject({ total: last.total, totalExact: true });
    expect(end.items).toEqual((await listCards(database.db, final)).items);
  }, 60_000);
});
