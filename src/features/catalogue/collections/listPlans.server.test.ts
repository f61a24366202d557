import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { seedBulk } from '~/dev/seed/bulk.ts';
import { COUNT_AHEAD } from '~/lib/pagination';
import type { Database } from '~/server/db/types';
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

/** A node of a JSON plan (EXPLAIN ANALYZE). */
interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** The rows each table gave up, read by the queries `run` makes (page, count, floors, volumes), most per scan. */
async function rowsRead(run: (db: Database) => Promise<unknown>): Promise<Map<string, number>> {
  const seen: SQL[] = [];
  const watched = new Proxy(database.db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return (query: SQL) => {
        seen.push(query);
        return target.execute(query);
      };
    },
  });
  await run(watched);
  const most = new Map<string, number>();
  const visit = (node: PlanNode) => {
    const table = node['Relation Name'];
    if (table) {
      const read =
        (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
        node['Actual Loops'];
      most.set(table, Math.max(most.get(table) ?? 0, read));
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  for (const query of seen) {
    const { rows } = await database.db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      sql`explain (analyze, format json) ${query}`,
    );
    visit(rows[0]?.['QUERY PLAN'][0].Plan as PlanNode);
  }
  return most;
}

/** Fewer rows than half of each table: neither the page nor its count reads a list whole. */
function readsLittle(read: Map<string, number>) {
  expect(read.get('categories') ?? 0).toBeLessThan(COLLECTIONS / 2);
  expect(read.get('illustrators') ?? 0).toBeLessThan(CREATORS / 2);
  expect(read.get('users') ?? 0).toBeLessThan(CREATORS / 2);
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
        readsLittle(await rowsRead((db) => listCategories(db, request)));
        const page = await listCategories(database.db, request);
        expect(page.items).toHaveLength(24);
        expect(page).toMatchObject({ totalExact: false, total: (request.page - 1) * 24 + COUNT_AHEAD });
      });
    }
  }

  for (const sort of CREATOR_SORTS) {
    it(`creators, ${sort}: reads less than half the list, its count stops past the page`, async () => {
      const request = { page: 1, perPage: 24, sort };
      readsLittle(await rowsRead((db) => listCreators(db, request)));
      const page = await listCreators(database.db, request);
      expect(page.items).toHaveLength(24);
      expect(page).toMatchObject({ totalExact: false, total: COUNT_AHEAD });
    });
  }

  it('counts a keyword search exactly when it matches fewer than the count reaches', async () => {
    const all = await listCategories(database.db, { page: 1, perPage: 24, sort: 'volume', q: 'Dragon' });
    expect(all.totalExact).toBe(all.total < COUNT_AHEAD);
    expect(all.items.every((item) => /dragon/i.test(`${item.name} ${item.nameEn}`))).toBe(true);
  });
});
