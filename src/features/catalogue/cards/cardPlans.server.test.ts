import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { seedBulk } from '~/dev/seed/bulk.ts';
import { seedDemo } from '~/dev/seed/demo.ts';
import { decodeCursor } from './cardCursor.ts';
import { CARD_SORTS, type CardListFilters } from './cardFilters.ts';
import { cardPageSql } from './cardQueries.server.ts';
import { listCards } from './cards.server.ts';

const database = fileTestDatabase();
let collectionId = 0;

beforeAll(async () => {
  await seedDemo(database.db);
  // Enough cards that reading them all costs the planner more than walking an index (one in ten listed).
  await seedBulk(database.db, { cards: 20_000, creators: 1_000, listedEvery: 10 });
  const { rows } = await database.db.execute<{ id: number }>(sql`
    select category_id as id from cards where category_id is not null
    group by category_id order by count(*) desc limit 1`);
  collectionId = Number(rows[0]?.id);
}, 180_000);

/** How the planner runs one page of the list. */
async function plan(filters: CardListFilters): Promise<string> {
  const { rows } = await database.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${cardPageSql(filters)}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

const base: CardListFilters = { page: 1, perPage: 24, sort: 'newest', status: 'all', yenRates: {} };
const lists: [string, Partial<CardListFilters>][] = [
  ['the market', {}],
  ['the listed cards', { status: 'listed' }],
  ["a chain's cards", { chainId: 137 }],
];

describe('every order of the card list walks an index', () => {
  for (const [label, filters] of lists) {
    for (const sort of CARD_SORTS.filter((one) => one !== 'rarity')) {
      it(`reads no card it does not show: ${label}, ${sort}, first page and by cursor`, async () => {
        const first = { ...base, ...filters, sort };
        expect(await plan(first)).not.toMatch(/Seq Scan on cards/);
        const { next } = await listCards(database.db, first);
        expect(next).not.toBeNull();
        const after = decodeCursor(next as string, sort);
        expect(await plan({ ...first, after })).not.toMatch(/Seq Scan on cards/);
      });
    }
  }

  it("reads one collection's cards by rarity from its own index", async () => {
    expect(await plan({ ...base, categoryId: collectionId, sort: 'rarity' })).not.toMatch(/Seq Scan on cards/);
  });
});

/** Yen per unit as the pages pass them (the plan does not depend on the values). */
const yenRates = { 2: 500_000, 6: 80, 10: 80 };
const listingFilters: [string, Partial<CardListFilters>][] = [
  ['cards listed in ETH', { currencyCodes: [2] }],
  ['an ETH price range', { currencyCodes: [2], priceMinWei: '100000000000000000', priceMaxWei: '1000000000000000000' }],
  ['a yen range', { jpyMin: 1_000, jpyMax: 50_000, yenRates }],
  ['the timed auctions', { saleType: 'auction' }],
];

describe('every listing filter finds its cards by index, without looking up a listing', () => {
  for (const [label, filters] of listingFilters) {
    for (const sort of CARD_SORTS.filter((one) => one !== 'rarity')) {
      it(`${label}, ${sort}: no scan of the cards, no listing read for the page`, async () => {
        const shown = await plan({ ...base, ...filters, sort });
        expect(shown).not.toMatch(/Seq Scan on cards/);
        expect(shown).not.toMatch(/sell_orders/);
      });
    }
  }
});

describe("a chain's price orders and the keyword search read their own indexes", () => {
  for (const sort of ['price_asc', 'price_desc'] as const) {
    it(`the chain page by ${sort} walks the chain's cards only, first page and by cursor`, async () => {
      const first = { ...base, chainId: 137, sort };
      expect(await plan(first)).toMatch(/Index Cond: \(+chain_id = 137\)/);
      const { next } = await listCards(database.db, first);
      const after = decodeCursor(next as string, sort);
      expect(await plan({ ...first, after })).toMatch(/Index Cond: \(+chain_id = 137\)/);
    });
  }

  it('a keyword found in a few names is looked up in the name indexes', async () => {
    const shown = await plan({ ...base, q: 'dragon' });
    expect(shown).toMatch(/Bitmap Index Scan on cards_name_trgm/);
    expect(shown).toMatch(/Bitmap Index Scan on cards_name_en_trgm/);
  });
});
