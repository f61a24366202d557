/**
 * drizzle-kit configuration: generates the versioned SQL migrations in `src/server/db/migrations` from
 * the schema in `src/server/db/schema`. The server applies them itself on start (`createDatabase`), on
 * PGlite and on PostgreSQL alike; `drizzle-kit migrate` / `push` are not used (they would not load the
 * pg_trgm extension into PGlite).
 *
 * After changing the schema, generate the next migration and format its JSON for Biome:
 *
 *   export PATH=$PWD/node_modules/.bin:$PATH
 *   drizzle-kit generate --name=<what_changed> && biome format --write src/server/db/migrations
 *
 * For SQL drizzle-kit cannot express (extensions, functions), write a custom migration:
 *
 *   drizzle-kit generate --custom --name=<what_it_does>   # then fill the empty .sql file
 *
 * Never edit a migration that has been committed: add a new one.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
