import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { rowsRead } from '#tests/helpers/planReads.ts';
import { seedBulk } from '~/dev/seed/bulk.ts';
import { COUNT_AHEAD } from '~/lib/pagination';
import { listCards } from '../cards/cards.server.ts';
import { CREATOR_SORTS, listCreators } from '../creators/creators.server.ts';
import { CATEGORY_SORTS, listCategories } from './categories.server.ts';

const database = fileTestDatabase();

const CREATORS = 6_000;
const COLLECTIONS = 12_000;

beforeAll(async () => {
  // Enough collections and creators that reading them all costs the planner more than walking an index.
  await seedBulk(database.db, { cards: 2_000, creators: CREATORS, categories: COLLECTIONS });
  await database.db.execute(sql`analyze`);
}, 180_000);

/**
 * Fewer rows than half of each table: neither the page nor its count reads a list whole. A keyword's few creators
 * (`users: false`) may be joined to their users by hashing all 6,000 of them, cheaper than looking each up at this
 * size; the creators themselves are found by index.
 */
function readsLittle(read: Map<string, number>, { users = true } = {}) {
  expect(read.get('categories') ?? 0).toBeLessThan(COLLECTIONS / 2);
  expect(read.get('illustrators') ?? 0).toBeLessThan(CREATORS / 2);
  if (users) expect(read.get('users') ?? 0).toBeLessThan(CREATORS / 2);
}

describe('the collection and creator lists walk their indexes', () => {
  for (const sort of CATEGORY_SORTS) {
    for (const [label, filters] of [
      ['all', {}],
      ['one chain', { chainId: 137 }],
      ['page 3', { page: 3 }],
    ] as const) {
      it(`collections, ${sort}, ${label}: reads less than half the list, its count stops past the page`, async () => {
        const request = { page: 1, perPage: 24, sort, ...filters };
        readsLittle(await rowsRead(database.db, (db) => listCategories(db, request)));
        const page = await listCategories(database.db, request);
        expect(page.items).toHaveLength(24);
        expect(page).toMatchObject({ totalExact: false, total: (request.page - 1) * 24 + COUNT_AHEAD });
      });
    }
  }

  for (const sort of CREATOR_SORTS) {
    it(`creators, ${sort}: reads less than half the list, its count stops past the page`, async () => {
      const request = { page: 1, perPage: 24, sort };
      readsLittle(await rowsRead(database.db, (db) => listCreators(db, request)));
      const page = await listCreators(database.db, request);
      expect(page.items).toHaveLength(24);
      expect(page).toMatchObject({ totalExact: false, total: COUNT_AHEAD });
    });
  }

  // "Vol." is in every collection's English name, "第" (one character, no trigram) in every Japanese one.
  for (const [sort, q] of CATEGORY_SORTS.flatMap((one) => [[one, 'Vol.'] as const, [one, '第'] as const])) {
    it(`collections, ${sort}, "${q}" in more names than the count reaches: walks the order, the same page`, async () => {
      const request = { page: 2, perPage: 24, sort, q };
      readsLittle(await rowsRead(database.db, (db) => listCategories(db, request)));
      const page = await listCategories(database.db, request);
      const order = sort === 'volume' ? sql`sales_count desc, created_at desc, id desc` : sql`created_at desc, id desc`;
      const pattern = `%${q}%`;
      const expected = await database.db.execute<{ id: number }>(sql`select id from categories
        where not hidden and (name ilike ${pattern} or name_en ilike ${pattern}) order by ${order} limit 24 offset 24`);
      expect(page.items.map((item) => item.id)).toEqual(expected.rows.map((row) => Number(row.id)));
      expect(page).toMatchObject({ totalExact: false, total: 24 + COUNT_AHEAD });
    });
  }

  it('counts a keyword search exactly when it matches fewer than the count reaches', async () => {
    const all = await listCategories(database.db, { page: 1, perPage: 24, sort: 'volume', q: 'Dragon' });
    expect(all.totalExact).toBe(all.total < COUNT_AHEAD);
    expect(all.items.every((item) => /dragon/i.test(`${item.name} ${item.nameEn}`))).toBe(true);
  });
});

describe('a keyword of one or two characters, which no trigram holds, is found by index', () => {
  for (const keyword of ['竜', '黄金', '佐藤']) {
    it(`"${keyword}": the same collections, creators and cards as reading every name, reading few rows`, async () => {
      const pattern = `%${keyword}%`;
      const request = { page: 1, perPage: 24, q: keyword };
      const collections = await listCategories(database.db, { ...request, sort: 'newest' });
      const expected = await database.db.execute<{ id: number }>(sql`select id from categories
        where not hidden and (name ilike ${pattern} or name_en ilike ${pattern})
        order by created_at desc, id desc limit 24`);
      expect(collections.items.map((item) => item.id)).toEqual(expected.rows.map((row) => Number(row.id)));
      const creators = await listCreators(database.db, { ...request, sort: 'newest' });
      const expectedCreators = await database.db.execute<{ id: number }>(sql`select id from illustrators
        where name ilike ${pattern} or name_en ilike ${pattern} order by created_at desc, id desc limit 24`);
      expect(creators.items.map((item) => item.id)).toEqual(expectedCreators.rows.map((row) => Number(row.id)));
      expect(collections.items.length + creators.items.length).toBeGreaterThan(0);
      const cards = await listCards(database.db, { ...request, sort: 'newest', status: 'all', yenRates: {} });
      const expectedCards = await database.db.execute<{ id: number }>(sql`select id from cards
        where not hidden and (name ilike ${pattern} or metadata->>'name_en' ilike ${pattern})
        order by coalesce(minted_at, created_at) desc, id desc limit 24`);
      expect(cards.items.map((item) => item.id)).toEqual(expectedCards.rows.map((row) => Number(row.id)));
      readsLittle(await rowsRead(database.db, (db) => listCategories(db, { ...request, sort: 'volume' })));
      readsLittle(await rowsRead(database.db, (db) => listCreators(db, { ...request, sort: 'volume' })), {
        users: false,
      });
    });
  }
});
