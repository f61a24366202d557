/**
 * Sign-in state: sessions (one per sign-in, each a refresh-token family), their rotating refresh tokens,
 * one-time SIWE nonces and fixed-window rate-limit counters. Tokens and nonces for cookies are stored
 * only as hashes, so a database leak does not hand out sessions.
 *
 * @see docs/product-spec.md §7 (mch_session, illustrator_session, admin_session, refresh)
 * @see https://eips.ethereum.org/EIPS/eip-4361 (SIWE nonce)
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { admins, illustrators, users } from './accounts.ts';
import { addressCheck, chainId, id, oneOf, ref, requiredRef, timestamptz } from './columns.ts';

/** Values of `sessions.kind`: `user` (wallet or illustrator sign-in) and `admin` never mix. */
export const SESSION_KINDS = ['user', 'admin'] as const;
/** A session's kind. */
export type SessionKind = (typeof SESSION_KINDS)[number];

/**
 * A signed-in session and its refresh-token family. A `user` session names the user (and the illustrator
 * when signed in with id and password); an `admin` session names only the admin (CHECK). Revoking the row
 * ends every token of the family, which is what reuse detection does.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    kind: text('kind', { enum: SESSION_KINDS }).notNull(),
    userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
    illustratorId: ref('illustrator_id').references(() => illustrators.id, { onDelete: 'cascade' }),
    adminId: ref('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** SHA-256 of the current short-lived access token (the cookie holds the token itself). */
    accessTokenHash: text('access_token_hash').unique('sessions_access_token_hash_unique'),
    accessExpiresAt: timestamptz('access_expires_at'),
    revokedAt: timestamptz('revoked_at'),
    /** Why it ended: `logout`, `reuse` (a rotated refresh token came back), `suspended`, ... */
    revokeReason: text('revoke_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    oneOf('sessions_kind_valid', t.kind, SESSION_KINDS),
    check(
      'sessions_subject_matches_kind',
      sql`(${t.kind} = 'user' and ${t.userId} is not null and ${t.adminId} is null) or (${t.kind} = 'admin' and ${t.adminId} is not null and ${t.userId} is null and ${t.illustratorId} is null)`,
    ),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_admin_id_idx').on(t.adminId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Refresh tokens, stored as a hash (e.g. SHA-256 hex of the cookie value). Each refresh marks the
 * presented token `usedAt` and issues a new one (`replacedById`); a token presented again after use is a
 * reuse, and the whole family (`sessionId`) is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: requiredRef('session_id', () => sessions.id, 'cascade'),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_unique'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    /** Hash of the client (IP and user agent) that used it: only that client may present it again in the grace window. */
    usedByClient: text('used_by_client'),
    replacedById: ref('replaced_by_id').references((): AnyPgColumn => refreshTokens.id, { onDelete: 'set null' }),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

/**
 * One-time SIWE nonces with the exact message issued for them: a sign-in must send that message back byte
 * for byte. Consumed once (`consumedAt` set in the same statement that checks it is still null and
 * unexpired, so two racing sign-ins cannot both use it); expired rows are deleted.
 */
export const loginNonces = pgTable(
  'login_nonces',
  {
    id: id(),
    nonce: text('nonce').notNull().unique('login_nonces_nonce_unique'),
    walletAddress: text('wallet_address'),
    chainId: chainId(),
    /** The EIP-4361 message issued with this nonce, exactly as sent to the wallet. */
    message: text('message').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    // EIP-4361: at least 8 alphanumeric characters.
    check('login_nonces_nonce_format', sql`${t.nonce} ~ '^[A-Za-z0-9]{8,}$'`),
    addressCheck('login_nonces_wallet_address_format', t.walletAddress),
    index('login_nonces_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Fixed-window counters for rate limits (login attempts per uid or IP, ...): one row per key and window,
 * bumped with `insert ... on conflict do update set count = count + 1 returning count`.
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'rate_limit_buckets_pk', columns: [t.key, t.windowStart] }),
    check('rate_limit_buckets_count_not_negative', sql`${t.count} >= 0`),
    index('rate_limit_buckets_window_start_idx').on(t.windowStart),
  ],
);

/**
 * Failed sign-ins per account across every address, for the growing delay that slows a guesser using many
 * addresses without locking the real person out: past a few failures, attempts on the account are let
 * through one per `blockedUntil` spacing, which doubles with each failure (up to 5 minutes).
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    /** `illustrator:<uid>` or `admin:<uid>` (uid in lower case). */
    key: text('key').primaryKey(),
    windowStart: timestamptz('window_start').notNull(),
    failures: integer('failures').notNull().default(0),
    blockedUntil: timestamptz('blocked_until'),
  },
  (t) => [check('login_throttles_failures_not_negative', sql`${t.failures} >= 0`)],
);
