/**
 * Rate limits of the trading endpoints: each call reads the chain several times, so one account may send
 * at most 30 listing writes (sell, cancel, cancel all, offers) a minute, and one address 20 cart checks. Offers
 * also tell other people (their card's owner), and wallets cost nothing, so one network may send only so many
 * offers a minute over all its accounts, and ask for only so many fulfilment signatures.
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

/**
 * Offers one network (`networkOf`, src/lib/network.ts: an IPv4 address, an IPv6 /64) may send per minute
 * over all its accounts: two accounts' worth of {@link LISTING_WRITES_PER_MINUTE}.
 */
export const OFFER_WRITES_PER_NETWORK_PER_MINUTE = 60;

/**
 * Counts one offer of `userId` from `network`: a listing write of the user's, then one of the network's
 * offers; throws 429 (with Retry-After) past either.
 */
export async function limitOfferWrites(db: Database, userId: number, network: string): Promise<void> {
  await limitListingWrites(db, userId);
  const limit = await hitRateLimit(db, `offer-write-network:${network}`, OFFER_WRITES_PER_NETWORK_PER_MINUTE, 60);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfter, 'Too many offers from this network. Try again later.');
}

/** Cart checks one address may ask for per minute (each reads the chain for up to 30 orders). */
export const CART_CHECKS_PER_MINUTE = 20;

/** Counts one cart check from `ip`, or throws 429 past the limit. */
export async function limitCartChecks(db: Database, ip: string): Promise<void> {
  const limit = await hitRateLimit(db, `cart-check:${ip}`, CART_CHECKS_PER_MINUTE, 60);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfter);
}

/** Fulfilment signatures one network may ask for per minute (SIP-7 asks the signer API to limit them). */
export const FULFILMENTS_PER_NETWORK_PER_MINUTE = 60;

/** Counts one fulfilment asked for from `network`, or throws 429 past the limit. */
export async function limitFulfilments(db: Database, network: string): Promise<void> {
  const limit = await hitRateLimit(db, `fulfilment:${network}`, FULFILMENTS_PER_NETWORK_PER_MINUTE, 60);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfter);
}
