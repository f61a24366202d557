/**
 * Card payments' jobs on the process's runner (../../server/jobs/runner.ts), when card payments are configured:
 * minting paid purchases (./mintPurchases.server.ts; woken by the webhook that records a payment, else a pass
 * every 30 s, `PURCHASE_MINT_POLL_MS`; a failed mint waits `PURCHASE_MINT_RETRY_SECONDS`, default 30, per
 * attempt), and applying again the Stripe events whose act failed (./stripeWebhook.server.ts; every minute).
 * Several processes may run both: a purchase is claimed by one of them, an event is retried under its row lock.
 * The minter's pass returns the change its new cards made; the runner publishes it.
 */

import { serverChains } from '~/features/chains/config.server';
import type { Change } from '~/features/events/tags';
import type { Database } from '~/server/db/types';
import { type JobRunner, wakeJobs } from '~/server/jobs/runner';
import type { Settings } from '~/server/settings/schema';
import { stripeSettings } from '~/server/stripe.server';
import { dropCollections, mintPaidPurchases } from './mintPurchases.server';
import { retryStripeEvents } from './stripeWebhook.server';

const MINT_JOB = 'minting paid purchases';

/** Wakes this process's purchase minter (a payment was just recorded). */
export function wakePurchaseMinter(): void {
  wakeJobs(MINT_JOB);
}

/** Registers the jobs unless card payments are off; answers whether it did. */
export function registerPaymentJobs(runner: JobRunner<Change>, db: Database, settings: Settings): boolean {
  const stripe = stripeSettings(settings);
  if (!stripe) return false;
  const pollMs = Math.max(100, settings.PURCHASE_MINT_POLL_MS || 30_000);
  runner.every(MINT_JOB, { pollMs }, async () => {
    const handled = await mintPaidPurchases(db, {
      chains: serverChains(),
      settings: stripe,
      minterSettings: settings,
      retrySeconds: settings.PURCHASE_MINT_RETRY_SECONDS,
    });
    // New cards: their collection's page, the buyers' pages and the lists show them.
    if (handled.length === 0) return;
    return {
      change: {
        users: handled.map((purchase) => purchase.buyerAddress),
        lists: true,
        allCards: false,
        collections: await dropCollections(db, handled),
      },
    };
  });
  runner.every('retrying payment events', { pollMs: 60_000 }, async () => {
    await retryStripeEvents(db);
  });
  return true;
}
