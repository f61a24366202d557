/**
 * Start-up hook: seeds the demo marketplace when the catalogue is empty, so that `npm start` on a fresh
 * machine shows a living market. Only on local chains (`CHAIN_ENV` unset or `local`): the demo admin's
 * password is public, so any other environment refuses to seed unless told explicitly (`SEED_DEMO=1`), and
 * says so. `SEED_DEMO=0` turns it off everywhere.
 *
 * @see ./demo.ts
 */
import { serverEnvironment } from '~/features/chains/config.server.ts';
import { closeDatabase, getDatabase } from '~/server/db/client.ts';
import type { Database } from '~/server/db/types.ts';
import type { Settings } from '~/server/settings/schema.ts';
import { serverSettings } from '~/server/settings/settings.server.ts';
import { DEMO_ADMIN, DEMO_ILLUSTRATOR } from './accounts.ts';
import { type SeedDemoResult, seedDemo } from './demo.ts';

/** Options of {@link ensureDemoData}. */
export interface EnsureDemoOptions {
  /** Database to seed; default the process-wide one from `getDatabase(settings)`. */
  db?: Database | undefined;
  /** Settings read for `SEED_DEMO` and `CHAIN_ENV` (and by `getDatabase`); default the server's. */
  settings?: Settings | undefined;
  /** Where to say what happened; default `console.log`. */
  log?: ((message: string) => void) | undefined;
}

/**
 * What {@link ensureDemoData} did: skipped on `SEED_DEMO=0` (`disabled`) or outside local chains without
 * `SEED_DEMO=1` (`not-local`), or the seed's own result.
 */
export type EnsureDemoResult = { seeded: false; reason: 'disabled' | 'not-local' } | SeedDemoResult;

/**
 * Seeds the demo data when the database has no cards and `SEED_DEMO` is not `0`; otherwise does nothing.
 *
 * Opening the process-wide database here keeps it open. A launcher that seeds before spawning the
 * server in another process must call `closeDatabase()` first (two processes must never open one PGlite
 * folder); or pass `db` and close it itself.
 */
export async function ensureDemoData(options: EnsureDemoOptions = {}): Promise<EnsureDemoResult> {
  const settings = options.settings ?? serverSettings();
  const log = options.log ?? ((message: string) => console.log(message));
  if (settings.SEED_DEMO === '0') return { seeded: false, reason: 'disabled' };
  const environment = serverEnvironment(settings);
  if (environment !== 'local') {
    if (settings.SEED_DEMO !== '1') {
      log(
        `[seed] CHAIN_ENV=${environment}: no demo data is seeded (its admin password is public). ` +
          'Create an admin with `npm run admin:create`; SEED_DEMO=1 seeds the demo anyway.',
      );
      return { seeded: false, reason: 'not-local' };
    }
    log(`[seed] WARNING: SEED_DEMO=1 on CHAIN_ENV=${environment}: the demo accounts and their public passwords go in.`);
  }
  const db = options.db ?? (await getDatabase(settings)).db;
  const result = await seedDemo(db);
  if (result.seeded) {
    const { counts } = result;
    log(
      `[seed] empty catalogue: demo data added (${counts.cards} cards, ${counts.categories} collections, ` +
        `${counts.illustrators} creators, ${counts.sellOrders} orders, ${counts.sales} sales). ` +
        (counts.admins > 0
          ? `Demo sign-ins: admin ${DEMO_ADMIN.uid} / ${DEMO_ADMIN.password}, `
          : `Admin ${DEMO_ADMIN.uid} already existed and keeps its password. Demo sign-in: `) +
        `illustrator ${DEMO_ILLUSTRATOR.uid} / ${DEMO_ILLUSTRATOR.password}. Set SEED_DEMO=0 in production.`,
    );
  }
  return result;
}

/**
 * Closes the process-wide database {@link ensureDemoData} opened (a launcher bundles this module on its own,
 * so it closes the database through the same module instance).
 */
export function closeDemoDatabase(): Promise<void> {
  return closeDatabase();
}
