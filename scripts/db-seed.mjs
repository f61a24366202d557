/**
 * `npm run db:seed`: adds the demo marketplace (creators, collections, cards, listings, sales,
 * revenues, payouts, reports, payments, the demo admin and illustrator) to the database the server
 * uses (PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR, default ./data). Does nothing when the
 * catalogue already has cards.
 *
 *   npm run db:seed                    seed an empty catalogue
 *   npm run db:seed -- --force         remove the earlier demo rows and seed again
 *   npm run db:seed -- --write-art     regenerate public/images/cards and categories (no database)
 *
 * Stop the server first when it uses the same PGlite folder (two processes must not open one).
 *
 * @see src/dev/seed/demo.ts
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTs } from './lib/bundle-ts.mjs';

const { settingsOrExit } = await importTs('src/server/settings/settings.server.ts');
const settings = settingsOrExit();
const { closeDatabase, getDatabase } = await importTs('src/server/db/client.ts');
const { DEMO_ADMIN, DEMO_ILLUSTRATOR } = await importTs('src/dev/seed/accounts.ts');
const { writeDemoArt } = await importTs('src/dev/seed/art.ts');
const { seedDemo } = await importTs('src/dev/seed/demo.ts');

const args = new Set(process.argv.slice(2));
const known = new Set(['--force', '--write-art']);
const unknown = [...args].filter((arg) => !known.has(arg));
if (unknown.length) {
  console.error(`unknown option(s): ${unknown.join(' ')}; known: ${[...known].join(' ')}`);
  process.exit(2);
}

if (args.has('--write-art')) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const bytes = await writeDemoArt(join(root, 'public'));
  console.log(`demo art written to public/images/cards and public/images/categories (${(bytes / 1024).toFixed(1)} KB)`);
  process.exit(0);
}

try {
  const { db, kind } = await getDatabase(settings);
  const where = kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${settings.DATA_DIR}`;
  const result = await seedDemo(db, { force: args.has('--force') });
  if (!result.seeded) {
    console.log(`${where}: the catalogue already has cards, nothing seeded (use --force to replace the demo data)`);
  } else {
    console.log(`${where}: demo data seeded`);
    console.table(result.counts);
    if (result.counts.admins === 0) console.log(`admin "${DEMO_ADMIN.uid}" already existed: its password is unchanged`);
    else console.log(`admin sign-in (/admin-session): ${DEMO_ADMIN.uid} / ${DEMO_ADMIN.password}`);
    console.log(`illustrator sign-in (/session): ${DEMO_ILLUSTRATOR.uid} / ${DEMO_ILLUSTRATOR.password}`);
  }
} catch (error) {
  console.error('db:seed failed:', error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
