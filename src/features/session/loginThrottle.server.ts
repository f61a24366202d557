/**
 * Limits on password guessing, counted before any password is checked so that parallel guesses cannot
 * slip past the count:
 * - per (account, address): {@link LOGIN_LIMITS.perUidIp} failures in 15 minutes, then 429;
 * - per address: {@link LOGIN_LIMITS.perIp} failures in 15 minutes over every account, then 429;
 * - per account over every address: past {@link LOGIN_LIMITS.perUidSoft} failures, attempts are let through
 *   one at a time with a spacing that doubles with each failure (2 s, 4 s, ... up to 5 minutes). This slows
 *   a guesser with many addresses to a crawl but never locks the real person out for long, and a flood
 *   from one address (refused by the first two limits before it counts here) does not touch it at all.
 *
 * An attempt counts as a failure from the moment it is admitted; a success takes its counts back.
 *
 * @see https://cheatsheetseries.owasp.org/cheatsheets/Authentication_Cheat_Sheet.html (login throttling)
 */
import { and, eq, sql } from 'drizzle-orm';
import { tooManyRequests } from '~/server/api/errors';
import { loginThrottles, rateLimitBuckets } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { hitRateLimit } from '~/server/rateLimit.server';

/** The limits (see the module comment). */
export const LOGIN_LIMITS = {
  perUidIp: 5,
  perIp: 30,
  perUidSoft: 10,
  maxDelaySeconds: 300,
  windowSeconds: 15 * 60,
} as const;

/** Which sign-in: the two kinds of accounts never share counts. */
export type LoginKind = 'illustrator' | 'admin';

/** An admitted attempt: call `succeeded()` when the password was right, to take its counts back. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

const bucketKeys = (kind: LoginKind, uid: string, ip: string) => ({
  uidIp: `login:${kind}:uid-ip:${uid.toLowerCase()}:${ip}`,
  ip: `login:${kind}:ip:${ip}`,
});

/** Takes one back from a fixed-window counter (never below zero). */
async function giveBack(db: Database, key: string, windowStart: Date): Promise<void> {
  await db
    .update(rateLimitBuckets)
    .set({ count: sql`greatest(${rateLimitBuckets.count} - 1, 0)` })
    .where(and(eq(rateLimitBuckets.key, key), eq(rateLimitBuckets.windowStart, windowStart)));
}

/**
 * Claims the account's next attempt: counts a failure and sets the spacing the new count calls for, in one
 * statement that succeeds only when the account is not waiting out a spacing. Returns the seconds left to
 * wait when it is.
 */
async function claimAccount(db: Database, key: string, now: Date): Promise<number> {
  const windowMs = LOGIN_LIMITS.windowSeconds * 1000;
  const staleBefore = new Date(now.getTime() - windowMs);
  await db.insert(loginThrottles).values({ key, windowStart: now, failures: 0 }).onConflictDoNothing();
  const fresh = sql`${loginThrottles.windowStart} <= ${staleBefore}`;
  const next = sql`(case when ${fresh} then 0 else ${loginThrottles.failures} end) + 1`;
  // Spacing after `next` failures: none up to the soft limit, then doubling, at most maxDelaySeconds.
  const spacing = sql`least(${LOGIN_LIMITS.maxDelaySeconds}, power(2, greatest(${next} - ${LOGIN_LIMITS.perUidSoft}, 0)))`;
  const claimed = await db
    .update(loginThrottles)
    .set({
      failures: next,
      windowStart: sql`case when ${fresh} then ${now} else ${loginThrottles.windowStart} end`,
      blockedUntil: sql`case when ${next} > ${LOGIN_LIMITS.perUidSoft} then ${now}::timestamptz + make_interval(secs => ${spacing}) else null end`,
    })
    .where(
      and(
        eq(loginThrottles.key, key),
        sql`(${loginThrottles.blockedUntil} is null or ${loginThrottles.blockedUntil} <= ${now} or ${fresh})`,
      ),
    )
    .returning({ failures: loginThrottles.failures });
  if (claimed.length > 0) return 0;
  const [row] = await db
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.key, key));
  return Math.max(1, Math.ceil(((row?.blockedUntil?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
}

/**
 * Admits one password attempt for `uid` from `ip`, or throws 429 with Retry-After (see the module comment).
 */
export async function admitLoginAttempt(
  db: Database,
  kind: LoginKind,
  uid: string,
  ip: string,
  now = new Date(),
): Promise<LoginAttempt> {
  const keys = bucketKeys(kind, uid, ip);
  const windowMs = LOGIN_LIMITS.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  // Each limit is counted only once the one before it let the attempt through, so a flood stopped at the
  // first does not use up the address's allowance for other accounts, nor the account's for other addresses.
  const byUidIp = await hitRateLimit(db, keys.uidIp, LOGIN_LIMITS.perUidIp, LOGIN_LIMITS.windowSeconds, now);
  if (!byUidIp.allowed) throw tooManyRequests(byUidIp.retryAfter);
  const byIp = await hitRateLimit(db, keys.ip, LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowSeconds, now);
  if (!byIp.allowed) {
    await giveBack(db, keys.uidIp, windowStart);
    throw tooManyRequests(byIp.retryAfter);
  }
  const accountKey = `${kind}:${uid.toLowerCase()}`;
  const wait = await claimAccount(db, accountKey, now);
  if (wait > 0) {
    await Promise.all([giveBack(db, keys.uidIp, windowStart), giveBack(db, keys.ip, windowStart)]);
    throw tooManyRequests(wait, 'Too many failed sign-ins for this account. Try again in a moment.');
  }
  return {
    async succeeded() {
      await Promise.all([giveBack(db, keys.uidIp, windowStart), giveBack(db, keys.ip, windowStart)]);
      await db
        .update(loginThrottles)
        .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)`, blockedUntil: null })
        .where(eq(loginThrottles.key, accountKey));
    },
  };
}
