/**
 * Runs the indexer inside the web server process (the default): the server entry
 * (`src/server/serve/siteServer.ts`) calls {@link startIndexerInServer} once it listens; importing this
 * module starts nothing. `INDEXER=off` leaves it off (tests, or when `npm run indexer`
 * runs it as its own process against PostgreSQL). With several server processes, each starts one and the
 * advisory lock keeps all but one on standby.
 *
 * @see ./runIndexer.server.ts, ./main.server.ts
 */
import { getDatabase } from '~/server/db/client';
import { serverChains, serverEnvironment } from '../chains/config.server';
import { platformFeeRecipient, platformPaymentAddress } from '../trading/platformAccounts.server';
import { type RunningIndexer, startIndexer } from './runIndexer.server';

const STARTED = Symbol.for('kirafuda.indexer.inServer');
type Holder = { [STARTED]?: Promise<RunningIndexer | undefined> | undefined };

/** Whether `INDEXER` asks for no indexer in this process. */
export function indexerDisabled(env: Record<string, string | undefined> = process.env): boolean {
  return ['off', '0', 'false', 'no'].includes((env['INDEXER'] ?? '').trim().toLowerCase());
}

/**
 * Starts the in-server indexer unless `INDEXER=off` or it runs already (also across a dev-server module
 * reload). Never throws: a failure to start is logged and the site keeps serving.
 */
export function startIndexerInServer(env: Record<string, string | undefined> = process.env): void {
  const holder = globalThis as Holder;
  if (holder[STARTED] || indexerDisabled(env)) return;
  holder[STARTED] = (async () => {
    try {
      const handle = await getDatabase();
      return startIndexer({
        handle,
        chains: serverChains(),
        environment: serverEnvironment(env),
        feeRecipient: platformFeeRecipient(env),
        paymentAddress: platformPaymentAddress(env),
        env,
      });
    } catch (error) {
      console.error('[indexer] could not start:', error);
      return undefined;
    }
  })();
}

/** Stops the in-server indexer if it runs (graceful shutdown, tests). */
export async function stopIndexerInServer(): Promise<void> {
  const holder = globalThis as Holder;
  const running = await holder[STARTED];
  holder[STARTED] = undefined;
  await running?.stop();
}
