/**
 * What `npm start` runs before the server when no chain is configured: starts the local chain, seeds the
 * demo catalogue into an empty database (`SEED_DEMO=0` skips that), puts the catalogue on chain, and closes
 * the database again (the server process opens it next; a PGlite folder is open in one process only).
 *
 * @see ./localChain.server.ts, ../seed/ensureDemo.server.ts, /scripts/start.mjs
 */
import { closeDatabase, getDatabase } from '~/server/db/client';
import type { Settings } from '~/server/settings/schema';
import { serverSettings } from '~/server/settings/settings.server';
import { ensureDemoData } from '../seed/ensureDemo.server';
import { type LocalChain, seedLocalChain, startLocalChain } from './localChain.server';

/** Starts and seeds the local chain (see the module comment); the caller stops it when the server exits. */
export async function launchLocalChain(settings: Settings = serverSettings()): Promise<LocalChain> {
  const firstPort = settings.LOCAL_CHAIN_PORT;
  // The nodes start while the database opens (and is seeded when empty): neither waits for the other.
  const [started, seeded] = await Promise.allSettled([
    startLocalChain({ dataDir: settings.DATA_DIR, ...(firstPort === undefined ? {} : { firstPort }) }),
    ensureDemoData({ settings }),
  ]);
  if (started.status === 'rejected') {
    await closeDatabase().catch(() => undefined);
    throw started.reason;
  }
  const chain = started.value;
  try {
    if (seeded.status === 'rejected') throw seeded.reason;
    const { db } = await getDatabase(settings);
    await seedLocalChain(db, chain.chains);
    await closeDatabase();
    return chain;
  } catch (error) {
    await closeDatabase().catch(() => undefined);
    await chain.stop();
    throw error;
  }
}
