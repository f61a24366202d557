/**
 * `npm run indexer`: the leader's jobs as their own process (../../server/serve/backgroundJobs.server.ts), for a
 * deployment whose web servers run with `INDEXER=off`. It needs PostgreSQL (`DATABASE_URL`) while a server runs:
 * a PGlite folder can be open in one process only. Stops cleanly on SIGINT / SIGTERM (the passes under way
 * finish, the lock is freed).
 *
 * @see ./runIndexer.server.ts
 */

import { startBackgroundJobs } from '~/app/server/jobs.server';
import { serverChains } from '~/features/chains/config.server';
import { startChangeListener } from '~/features/events/changeListener.server';
import { closeDatabase, getDatabase } from '~/server/db/client';
import type { Settings } from '~/server/settings/schema';
import { serverSettings } from '~/server/settings/settings.server';

/** Runs the indexer until a signal arrives; resolves after it stopped. */
export async function runIndexerProcess(settings: Settings = serverSettings()): Promise<void> {
  const handle = await getDatabase(settings);
  // Tells the web servers what changed (their caches and live pages), as a server's own indexer would.
  const listener = await startChangeListener(handle, settings);
  const jobs = startBackgroundJobs(handle, 'indexer', settings);
  console.log(
    `[indexer] ${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${settings.DATA_DIR}`}; ` +
      serverChains()
        .map((chain) => `${chain.chainName} ${chain.rpcUrls[0]}`)
        .join(', '),
  );
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
  console.log('[indexer] stopping');
  await jobs.stop();
  await listener?.stop();
  await closeDatabase();
}
