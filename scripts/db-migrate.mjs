/**
 * Applies pending database migrations and exits: `node scripts/db-migrate.mjs` (Node 24, from the project
 * root). Uses the same variables as the server: PostgreSQL at DATABASE_URL when set, else PGlite in
 * DATA_DIR (default ./data). The server also applies them on start; this is for deploy steps that
 * migrate before the new version starts. Do not run it while a server has the same PGlite folder open.
 *
 * @see src/server/db/client.ts
 */
import { sql } from 'drizzle-orm';
import { createDatabase } from '../src/server/db/client.ts';

const url = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || undefined;
const handle = await createDatabase({ url, dataDir });
try {
  const { rows } = await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const where = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir ?? './data'}`;
  console.log(`database up to date: ${rows[0]?.n ?? 0} migrations applied, ${where}`);
} finally {
  await handle.close();
}
