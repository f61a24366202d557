/**
 * Rate limits of the trading endpoints: each call reads the chain several times, so one account may send
 * at most 30 listing writes (sell, cancel, cancel all) a minute, and one address 20 cart checks.
 */
import { tooManyRequests } from '~/server/api/errors';
import type { Database } from '~/server/db/types';
import { hitRateLimit } from '~/server/rateLimit.server';

/** Listing writes one user may make per minute. */
export const LISTING_WRITES_PER_MINUTE = 30;

/** Counts one listing write of `userId`, or throws 429 past the limit. */
export async function limitListingWrites(db: Database, userId: number): Promise<void> {
  const limit = await hitRateLimit(db, `listing-write:${userId}`, LISTING_WRITES_PER_MINUTE, 60);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfter);
}

/** Cart checks one address may ask for per minute (each reads the chain for up to 30 orders). */
export const CART_CHECKS_PER_MINUTE = 20;

/** Counts one cart check from `ip`, or throws 429 past the limit. */
export async function limitCartChecks(db: Database, ip: string): Promise<void> {
  const limit = await hitRateLimit(db, `cart-check:${ip}`, CART_CHECKS_PER_MINUTE, 60);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfter);
}
