/**
 * How many new wallet accounts one network may open: a wallet costs nothing to make, so without a limit one
 * person could open any number of accounts (each with its own per-user limits) to flood others with offers and
 * their notifications. Signing in with a wallet that has an account is never limited here.
 */
import { tooManyRequests } from '~/server/api/errors';
import type { Database } from '~/server/db/types';
import { hitRateLimit } from '~/server/rateLimit.server';

/**
 * New wallet accounts one network (`networkOf`, src/lib/network.ts: an IPv4 address, an IPv6 /64) may
 * open per hour: room for a household or an office, not for a farm of wallets.
 */
export const WALLET_SIGN_UPS_PER_NETWORK = { limit: 10, windowSeconds: 3600 } as const;

/** Counts one new wallet account from `network`, or throws 429 (with Retry-After) past the limit. */
export async function limitWalletSignUps(db: Database, network: string, now = new Date()): Promise<void> {
  const { limit, windowSeconds } = WALLET_SIGN_UPS_PER_NETWORK;
  const hit = await hitRateLimit(db, `wallet-sign-up:${network}`, limit, windowSeconds, now);
  if (!hit.allowed) throw tooManyRequests(hit.retryAfter, 'Too many new accounts from this network. Try again later.');
}
