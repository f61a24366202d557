/**
 * Keyset paging of the card list on the demo catalogue (PGlite): following the "next" cursors gives every card
 * of the list once, in the list's order, for every sort; cards added while someone pages neither repeat nor
 * hide a card; a cursor of another sort, or a made-up one, is refused.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { seedDemo } from '~/dev/seed/demo.ts';
import { type CardListFilters, cardListQuerySchema } from './cardFilters.ts';
import { listCards } from './cards.server.ts';

const database = fileTestDatabase();

beforeAll(async () => {
  await seedDemo(database.db);
  // Some views, with ties, so the most-viewed order has both.
  await database.db.execute(sql`update cards set views = id % 5`);
}, 120_000);

/** The ids of the whole list, in one page per 100 (the reference order). */
async function wholeList(filters: Omit<CardListFilters, 'page' | 'perPage'>): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const found = await listCards(database.db, { ...filters, page, perPage: 100 });
    ids.push(...found.items.map((card) => card.id));
    if (found.items.length < 100) return ids;
  }
}

/** Follows the cursors from the first page, `perPage` cards a page; `between` runs after each page. */
async function byCursor(
  filters: Omit<CardListFilters, 'page' | 'perPage'>,
  perPage: number,
  between: (page: number) => Promise<void> = async () => {},
): Promise<number[]> {
  const ids: number[] = [];
  let query = `per_page=${perPage}&sort=${filters.sort}&status=${filters.status}`;
  if (filters.saleType) query += `&sale_type=${filters.saleType}`;
  if (filters.currencyCodes) query += `&currency_code=${filters.currencyCodes[0]}`;
  if (filters.categoryId) query += `&category_id=${filters.categoryId}`;
  for (let page = 1; page < 200; page++) {
    const parsed = cardListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const found = await listCards(database.db, parsed);
    ids.push(...found.items.map((card) => card.id));
    if (found.next === null) return ids;
    expect(found.items).toHaveLength(perPage);
    await between(page);
    query = `${query.replace(/&after=[^&]*/, '')}&after=${encodeURIComponent(found.next)}`;
  }
  throw new Error('the cursors never reached the last page');
}

describe('keyset paging of the card list', () => {
  const sorts: Omit<CardListFilters, 'page' | 'perPage'>[] = [
    { sort: 'newest', status: 'all' },
    { sort: 'most_viewed', status: 'all' },
    // Rarity ranks compare within one collection (a demo collection: ten cards, walked three at a time).
    { sort: 'rarity', status: 'all', categoryId: 1 },
    // Fixed prices (a declining price moves between two reads); grouped by currency, then within ETH only.
    { sort: 'price_asc', status: 'all', saleType: 'fixed' },
    { sort: 'price_desc', status: 'listed', saleType: 'fixed' },
    { sort: 'price_asc', status: 'all' },
  ];
  for (const filters of sorts) {
    it(`following the cursors gives the whole ${filters.sort} list (${JSON.stringify(filters)}) once, in order`, async () => {
      const reference = await wholeList(filters);
      const perPage = filters.categoryId ? 3 : 7;
      expect(reference.length).toBeGreaterThan(filters.categoryId ? 2 * perPage : 20);
      expect(await byCursor(filters, perPage)).toEqual(reference);
    }, 60_000);
  }

  it('cards added while paging the newest list neither repeat nor hide a card', async () => {
    const filters = { sort: 'newest', status: 'all' } as const;
    const before = await wholeList(filters);
    const [template] = (
      await database.db.execute<{ chain_id: number; contract_address: string; owner_address: string }>(
        sql`select chain_id, contract_address, owner_address from cards limit 1`,
      )
    ).rows;
    let added = 0;
    const seen = await byCursor(filters, 10, async (page) => {
      if (page > 3) return;
      added += 1;
      await database.db.execute(sql`insert into cards (chain_id, contract_address, token_id, owner_address, name)
        values (${template?.chain_id}, ${template?.contract_address}, ${String(900_000 + page)},
          ${template?.owner_address}, ${`Added while paging ${page}`})`);
    });
    expect(added).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    // Every card there before is seen once, in the same order; the new ones sort first, before the cursor.
    expect(seen).toEqual(before);
  }, 60_000);

  it('refuses a cursor of another sort, or a made-up one (422 in the API), naming after', () => {
    const first = { sort: 'newest', after: 'most_viewed~3~12' };
    for (const query of [first, { after: 'newest~yesterday~12' }, { after: 'newest~2026-11-25T00:00:00Z' }]) {
      const parsed = cardListQuerySchema.safeParse(query);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain('after');
    }
    expect(cardListQuerySchema.safeParse({ after: 'newest~2026-11-25T00:00:00.123456Z~12' }).success).toBe(true);
  });
});
