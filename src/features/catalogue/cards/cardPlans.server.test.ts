import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { seedBulk } from '~/dev/seed/bulk.ts';
import { seedDemo } from '~/dev/seed/demo.ts';
import { storedRates } from '~/features/market/rates/rates.server.ts';
import { freshYenRates } from '~/features/market/rates/yen.ts';
import { countCap } from '~/lib/pagination.ts';
import { IDS_PER_STATEMENT, RANKS_PER_STATEMENT, refreshPriceRanks } from '../cardWrites.server.ts';
import { decodeCursor } from './cardCursor.ts';
import { CARD_SORTS, type CardListFilters } from './cardFilters.ts';
import { cardCountSql, cardPageSql } from './cardQueries.server.ts';
import { listCards } from './cards.server.ts';
import { type RangeForm, WALK_ORDER_FROM, walksOrderFrom } from './listedCardConditions.server.ts';

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
async function plan(filters: CardListFilters, form: RangeForm = {}): Promise<string> {
  const { rows } = await database.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${cardPageSql(filters, form)}`);
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

describe('a wide price range in one currency, newest first or most viewed', () => {
  const ethRange: Partial<CardListFilters> = {
    currencyCodes: [2],
    priceMinWei: '1000000000000000',
    priceMaxWei: '10000000000000000000',
  };
  const indexOf = { newest: 'cards_listed_newest_idx', most_viewed: 'cards_listed_viewed_idx' } as const;

  for (const sort of ['newest', 'most_viewed'] as const) {
    it(`walks the currency's ${sort} index when told the range is wide, and shows the same cards in the same order`, async () => {
      // The rates the cards were ranked at (the demo's are fresh), as a page passes them.
      const yenRates = freshYenRates(await storedRates(database.db), new Date());
      const filters = { ...base, ...ethRange, sort, perPage: 10, yenRates };
      expect(await plan(filters, { walkOrder: true })).toMatch(new RegExp(`Index Scan using ${indexOf[sort]}`));
      const ids = async (form: RangeForm, page: number) =>
        (await database.db.execute<{ id: number }>(cardPageSql({ ...filters, page }, form))).rows.map((row) => row.id);
      for (const page of [1, 3]) {
        const walked = await ids({ walkOrder: true }, page);
        // The page's cards and one more (whether a next page exists).
        expect(walked).toHaveLength(11);
        expect(walked).toEqual(await ids({}, page));
      }
    });
  }

  it('is told so only from enough counted cards, in one currency, for those two orders', () => {
    const filters = { ...base, ...ethRange };
    expect(walksOrderFrom(filters, WALK_ORDER_FROM)).toBe(true);
    expect(walksOrderFrom({ ...filters, sort: 'most_viewed' }, WALK_ORDER_FROM)).toBe(true);
    expect(walksOrderFrom(filters, WALK_ORDER_FROM - 1)).toBe(false);
    expect(walksOrderFrom({ ...filters, sort: 'price_asc' }, WALK_ORDER_FROM)).toBe(false);
    expect(walksOrderFrom({ ...filters, currencyCodes: [2, 6] }, WALK_ORDER_FROM)).toBe(false);
    // POL's two codes are one currency.
    expect(walksOrderFrom({ ...filters, currencyCodes: [6, 10] }, WALK_ORDER_FROM)).toBe(true);
    expect(walksOrderFrom({ ...base, currencyCodes: [2] }, WALK_ORDER_FROM)).toBe(false);
    expect(walksOrderFrom({ ...base, currencyCodes: [2], jpyMin: 1_000 }, WALK_ORDER_FROM)).toBe(true);
  });
});

describe('the count of the listed cards', () => {
  it("walks the listed cards' index, never a scan of the table that may start anywhere in it", async () => {
    const counts: [CardListFilters['sort'], Partial<CardListFilters>, string][] = [
      ['newest', { status: 'listed' }, 'cards_listed_price_desc_idx'],
      ['most_viewed', { status: 'listed' }, 'cards_listed_price_desc_idx'],
      ['newest', { currencyCodes: [2] }, 'cards_listed_price_desc_idx'],
      ['most_viewed', { saleType: 'auction' }, 'cards_listed_sale_price_desc_idx'],
    ];
    for (const [sort, filters, index] of counts) {
      // As at a million cards, where a thousand listed cards are a sliver of the table: neither a bitmap of them all
      // nor a sort of them. Unordered, the count would then scan the table from wherever the last scan stopped.
      const shown = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
          sql`explain ${cardCountSql({ ...base, ...filters, sort }, 1_025)}`,
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(shown).toMatch(`Index Scan using ${index}`);
      expect(shown).not.toMatch(/Seq Scan on cards/);
    }
    // The count it shows: every listed card up to the count's cap.
    const filters: CardListFilters = { ...base, status: 'listed' };
    const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from cards c
      left join categories g on g.id = c.category_id
      where c.listed_currency is not null and not c.hidden and (g.id is null or not g.hidden)`);
    const listed = Number(rows[0]?.n);
    const cap = countCap(filters);
    expect(await listCards(database.db, filters)).toMatchObject({
      total: Math.min(listed, cap),
      totalExact: listed <= cap,
    });
    expect((await listCards(database.db, { ...filters, page: Math.ceil(listed / base.perPage) })).total).toBe(listed);
  });
});

// Each test ranks thousands of cards in full passes: generous timeouts for a busy machine.
describe('the full pass of the price ranks', () => {
  it('ranks every listed card again, more of them than one statement ranks', async () => {
    // A declining price's rank follows the clock; the others' stay as they were.
    const rank = (column: string) =>
      sql.raw(`case when listed_sale_type = 'declining' then (${column} > 0)::text else ${column}::text end`);
    const ranks = sql`select id, ${rank('price_asc_rank')} as asc, ${rank('price_desc_rank')} as desc, listed_currency,
        listed_sale_type
      from cards where price_asc_rank > 0 or listed_currency is not null order by id`;
    await refreshPriceRanks(database.db);
    const before = (await database.db.execute(ranks)).rows;
    expect(before.length).toBeGreaterThan(RANKS_PER_STATEMENT);
    // Every rank forgotten: the listings alone find their cards again.
    await database.db.execute(sql`update cards set price_asc_rank = 0, price_desc_rank = 0, listed_currency = null,
      listed_sale_type = null`);
    expect(await refreshPriceRanks(database.db)).toBe(before.length);
    expect((await database.db.execute(ranks)).rows).toEqual(before);
  }, 120_000);

  it('takes the rank of a card whose listing ended unseen, past the first ids it gathers', async () => {
    await refreshPriceRanks(database.db);
    const { rows: ranked } = await database.db.execute<{ id: number }>(
      sql`select id from cards where price_asc_rank > 0 order by price_asc_rank desc, id desc`,
    );
    expect(ranked.length).toBeGreaterThan(IDS_PER_STATEMENT);
    // The last card in the price order loses its listing with no re-rank of its own.
    const last = Number(ranked.at(-1)?.id);
    await database.db.execute(
      sql`update sell_orders set status = 'cancelled' where card_id = ${last} and status = 'active'`,
    );
    expect(await refreshPriceRanks(database.db)).toBeGreaterThanOrEqual(1);
    const { rows } = await database.db.execute<{ rank: string; listed: string | null }>(
      sql`select price_asc_rank::text as rank, listed_currency::text as listed from cards where id = ${last}`,
    );
    expect(rows).toEqual([{ rank: '0', listed: null }]);
  }, 120_000);
});

describe("a big collection's page walks the collection's own order", () => {
  beforeAll(async () => {
    // 1,500 cards in one collection (one card in fifteen): reading them all and sorting, or walking the catalogue's
    // order past the other cards, would cost more than walking its own index.
    await database.db.execute(sql`update cards set category_id = ${collectionId}
      where id in (select id from cards where category_id is distinct from ${collectionId} order by id limit 1500)`);
    await database.db.execute(sql`analyze cards`);
  }, 60_000);

  for (const sort of ['newest', 'most_viewed', 'price_asc', 'price_desc'] as const) {
    it(`${sort}: no sort of the collection's cards, first page and by cursor`, async () => {
      const first = { ...base, categoryId: collectionId, sort };
      const shown = await plan(first);
      expect(shown).toMatch(/Index Scan using cards_category_\w+_idx/);
      expect(shown).not.toMatch(/Sort Key/);
      const page = await listCards(database.db, first);
      expect(page.items).toHaveLength(24);
      const after = decodeCursor(page.next as string, sort);
      expect(await plan({ ...first, after })).not.toMatch(/Sort Key/);
    });
  }
});
