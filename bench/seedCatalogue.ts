/**
 * A large catalogue for the page benchmarks: a fresh database (PGlite in a temporary folder, or a new database
 * on `BENCH_DATABASE_URL`) holding the demo data plus `cards` bulk cards (none: the demo data alone) (src/dev/seed/bulk.ts), `VACUUM
 * ANALYZE`d, then closed so a server process can open it. Loaded by the benchmarks through
 * scripts/lib/bundle-ts.mjs (source files import each other without extensions).
 */
import { sql } from 'drizzle-orm';
import { seedBulk } from '../src/dev/seed/bulk.ts';
import { seedDemo } from '../src/dev/seed/demo.ts';
import { createTestDatabase, type TestDatabase } from '../tests/helpers/db.ts';

/** A seeded catalogue, closed for a server to open. */
export interface SeededCatalogue {
  database: TestDatabase;
  /** Seconds the seed and VACUUM ANALYZE took. */
  seconds: number;
  cards: number;
  /** Token pages of a few cards with an active listing (the fuller pages). */
  listedTokenPaths: string[];
  /** The highest card id (bulk cards' ids run up to it). */
  maxCardId: number;
  /** The visible collection with the most cards (the heaviest collection page). */
  largestCollectionId: number;
  /** Active listings of the bulk cards. */
  listings: number;
}

/** Options of {@link seedCatalogue}. */
export interface SeedCatalogueOptions {
  /** One bulk card in this many is listed (none by default; see src/dev/seed/bulk.ts). */
  listedEvery?: number;
}

/** Seeds (see the module comment). */
export async function seedCatalogue(cards: number, options: SeedCatalogueOptions = {}): Promise<SeededCatalogue> {
  const started = performance.now();
  const database = await createTestDatabase({ url: process.env['BENCH_DATABASE_URL'] ?? '' });
  await seedDemo(database.db);
  const bulk =
    cards > 0
      ? await seedBulk(database.db, {
          cards,
          creators: Math.max(1_000, Math.round(cards / 10)),
          listedEvery: options.listedEvery,
        })
      : null;
  await database.db.execute(sql.raw('VACUUM ANALYZE'));
  const seconds = (performance.now() - started) / 1000;
  const listed = await database.db.execute<{ path: string }>(sql`
    select '/tokens/' || c.chain_id || '/' || c.contract_address || '/' || c.token_id::text as path
    from cards c join sell_orders o on (o.chain_id, o.contract_address, o.token_id) =
      (c.chain_id, c.contract_address, c.token_id) and o.status = 'active' and o.seller_address = c.owner_address
    where not c.hidden order by c.id limit 20`);
  const counted = await database.db.execute<{ n: number; max: number }>(
    sql`select count(*)::int as n, max(id)::int as max from cards`,
  );
  const largest = await database.db.execute<{ id: number }>(sql`
    select g.id from categories g join cards c on c.category_id = g.id where not g.hidden
    group by g.id order by count(*) desc, g.id limit 1`);
  await database.disconnect();
  return {
    database,
    seconds,
    cards: Number(counted.rows[0]?.n ?? 0),
    listedTokenPaths: listed.rows.map((row) => row.path),
    maxCardId: Number(counted.rows[0]?.max ?? 0),
    largestCollectionId: Number(largest.rows[0]?.id ?? 1),
    listings: bulk?.listings ?? 0,
  };
}
