/**
 * `npm run indexer`: the indexer as its own process, for a deployment whose web servers run with
 * `INDEXER=off`. It needs PostgreSQL (`DATABASE_URL`) while a server runs: a PGlite folder can be open in
 * one process only. Stops cleanly on SIGINT / SIGTERM (the range in progress finishes, the lock is freed).
 *
 * @see ./runIndexer.server.ts
 */
import { closeDatabase, getDatabase } from '~/server/db/client';
import { serverChains, serverEnvironment } from '../chains/config.server';
import { startChangeListener } from '../events/changeListener.server';
import { platformFeeRecipient, platformPaymentAddress } from '../trading/platformAccounts.server';
import { startIndexer } from './runIndexer.server';

/** Runs the indexer until a signal arrives; resolves after it stopped. */
export async function runIndexerProcess(env: Record<string, string | undefined> = process.env): Promise<void> {
  const handle = await getDatabase();
  const chains = serverChains();
  // Tells the web servers what changed (their caches and live pages), as a server's own indexer would.
  const listener = await startChangeListener(handle, env);
  const indexer = startIndexer({
    handle,
    chains,
    environment: serverEnvironment(env),
    feeRecipient: platformFeeRecipient(env),
    paymentAddress: platformPaymentAddress(env),
    env,
  });
  console.log(
    `[indexer] ${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${env['DATA_DIR'] || './data'}`}; ` +
      chains.map((chain) => `${chain.chainName} ${chain.rpcUrls[0]}`).join(', '),
  );
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
  console.log('[indexer] stopping');
  await indexer.stop();
  await listener?.stop();
  await closeDatabase();
}
