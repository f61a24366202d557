/**
 * Runs the purchase minter (./mintPurchases.server.ts) beside the requests when card payments are configured:
 * a pass every second (`PURCHASE_MINT_POLL_MS`; a failed mint waits `PURCHASE_MINT_RETRY_SECONDS`, default 30,
 * per attempt), backing off while passes fail. Started by the server entry;
 * several servers may run it at once (a purchase is claimed by one of them).
 */
import { getDatabase } from '~/server/db/client';
import { stripeSettings } from '~/server/stripe.server';
import { serverChains } from '../chains/config.server';
import { publishChange } from '../events/publish.server';
import { dropCollections, mintPaidPurchases } from './mintPurchases.server';

const RUNNING = Symbol.for('kirafuda.payments.minter');
type Holder = { [RUNNING]?: { stop: () => void } | undefined };

/** Starts the minter unless card payments are off or it runs already. */
export function startPurchaseMinter(env: Record<string, string | undefined> = process.env): void {
  const holder = globalThis as Holder;
  const settings = stripeSettings(env);
  if (holder[RUNNING] || !settings) return;
  const pollMs = Math.max(100, Number(env['PURCHASE_MINT_POLL_MS'] ?? 1_000) || 1_000);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  const pass = async () => {
    try {
      const db = (await getDatabase()).db;
      const retry = Number(env['PURCHASE_MINT_RETRY_SECONDS']);
      const handled = await mintPaidPurchases(db, {
        chains: serverChains(),
        settings,
        env,
        ...(Number.isFinite(retry) && retry >= 0 ? { retrySeconds: retry } : {}),
      });
      // New cards: their collection's page, the buyers' pages and the lists show them.
      if (handled.length > 0) {
        await publishChange({
          users: handled.map((purchase) => purchase.buyerAddress),
          lists: true,
          allCards: false,
          collections: await dropCollections(db, handled),
        });
      }
      failures = 0;
    } catch (error) {
      failures += 1;
      if (failures === 1) console.error('[payments] a minting pass failed:', error);
    }
    if (!stopped) timer = setTimeout(() => void pass(), Math.min(60_000, pollMs * 2 ** Math.min(failures, 6)));
  };
  holder[RUNNING] = {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
  void pass();
}

/** Stops the minter (graceful shutdown). */
export function stopPurchaseMinter(): void {
  const holder = globalThis as Holder;
  holder[RUNNING]?.stop();
  holder[RUNNING] = undefined;
}
