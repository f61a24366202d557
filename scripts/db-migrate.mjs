/**
 * Applies pending database migrations and exits: `node scripts/db-migrate.mjs` (Node 24, from the project
 * root). Uses the same settings as the server (a bad one stops it, named): PostgreSQL at DATABASE_URL when set,
 * else PGlite in DATA_DIR (default ./data). The server also applies them on start; this is for deploy steps that
 * migrate before the new version starts. Do not run it while a server has the same PGlite folder open.
 *
 * @see src/server/db/client.ts
 */
import { sql } from 'drizzle-orm';
import { createDatabase } from '../src/server/db/client.ts';
import { settingsOrExit } from '../src/server/settings/settings.server.ts';

const settings = settingsOrExit();
const handle = await createDatabase({ url: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
try {
  const { rows } = await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const where = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${settings.DATA_DIR}`;
  console.log(`database up to date: ${rows[0]?.n ?? 0} migrations applied, ${where}`);
} finally {
  await handle.close();
}
