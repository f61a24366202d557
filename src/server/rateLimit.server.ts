import { lt, sql } from 'drizzle-orm';
import { rateLimitBuckets } from './db/schema';
import type { Database } from './db/types';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfter: number;
  count: number;
}

/**
 * Counts one hit for `key` in a fixed window stored in PostgreSQL (shared by every server process) and
 * says whether it is within `limit`. Old windows are swept now and then.
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
  const count = row?.count ?? 1;
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: count <= limit, retryAfter, count };
}
