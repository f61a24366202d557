import { and, eq, lt, sql } from 'drizzle-orm';
import { rateLimitBuckets } from './db/schema';
import type { Database } from './db/types';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfter: number;
  count: number;
}

/**
 * Counts one hit for `key` in a window stored in PostgreSQL (shared by every server process) and says whether
 * it is within `limit`. The window slides: the previous fixed window's hits count too, weighted by how much of
 * it still lies within `windowSeconds` of now, so nobody gets twice the limit across a window's edge. Old
 * windows are swept now and then.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
      set: { count: sql`${rateLimitBuckets.count} + 1` },
    })
    .returning({ count: rateLimitBuckets.count });
  if (Math.random() < 0.01) {
    await db
      .delete(rateLimitBuckets)
      .where(lt(rateLimitBuckets.windowStart, new Date(now.getTime() - 24 * 3600 * 1000)));
  }
  const [previous] = await db
    .select({ count: rateLimitBuckets.count })
    .from(rateLimitBuckets)
    .where(
      and(eq(rateLimitBuckets.key, key), eq(rateLimitBuckets.windowStart, new Date(windowStart.getTime() - windowMs))),
    );
  const stillInside = 1 - (now.getTime() - windowStart.getTime()) / windowMs;
  const count = (row?.count ?? 1) + Math.ceil((previous?.count ?? 0) * stillInside);
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: count <= limit, retryAfter, count };
}
