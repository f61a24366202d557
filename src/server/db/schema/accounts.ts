/**
 * Accounts: wallet users, illustrators (creators who sign in with an id and password) and admins.
 *
 * @see docs/product-spec.md §1, §3 (currentUser, currentAdmin), §6 (roles)
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { addressCheck, id, oneOf, ref, timestamps, timestamptz } from './columns.ts';

/** Values of `users.role`: every wallet user is `user` until an admin links an illustrator to it. */
export const USER_ROLES = ['user', 'illustrator'] as const;
/** A user's role. */
export type UserRole = (typeof USER_ROLES)[number];

/**
 * Wallet users (collectors, sellers; an illustrator is a user too). One row per wallet address, stored
 * lower-case (a CHECK refuses anything else, so the unique index also holds case-insensitively).
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    walletAddress: text('wallet_address').notNull().unique('users_wallet_address_unique'),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    profileName: text('profile_name'),
    profileIcon: text('profile_icon'),
    profileThumb: text('profile_thumb'),
    suspended: boolean('suspended').notNull().default(false),
    suspendedAt: timestamptz('suspended_at'),
    lastLoginAt: timestamptz('last_login_at'),
    ...timestamps(),
  },
  (t) => [addressCheck('users_wallet_address_format', t.walletAddress), oneOf('users_role_valid', t.role, USER_ROLES)],
);

/**
 * Illustrators (creators): sign in with `uid` + password (argon2id hash), always linked to the wallet
 * user that represents them on the market (role `illustrator`); revenues are paid to `payoutWalletAddress`.
 * `name` / `nameEn` are what the search box matches (trigram indexes).
 */
export const illustrators = pgTable(
  'illustrators',
  {
    id: id(),
    uid: text('uid').notNull().unique('illustrators_uid_unique'),
    passwordHash: text('password_hash').notNull(),
    userId: ref('user_id')
      .notNull()
      .unique('illustrators_user_id_unique')
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    image: text('image'),
    payoutWalletAddress: text('payout_wallet_address'),
    passwordChangedAt: timestamptz('password_changed_at'),
    lastLoginAt: timestamptz('last_login_at'),
    /**
     * Sales of the illustrator's collections (the sum of their `sales_count`), kept with them
     * (src/features/market/salesCounts.server.ts), so the most-sold order walks an index.
     */
    salesCount: integer('sales_count').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    addressCheck('illustrators_payout_wallet_address_format', t.payoutWalletAddress),
    // The creator list's orders (newest first, by name, most sold first), each walked by index.
    index('illustrators_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('illustrators_name_order_idx').on(sql`coalesce(${t.nameEn}, ${t.name})`, t.id),
    index('illustrators_sales_idx').on(
      t.salesCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('illustrators_uid_not_blank', sql`length(trim(${t.uid})) > 0`),
    index('illustrators_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('illustrators_name_en_trgm').using('gin', t.nameEn.op('gin_trgm_ops')),
    // A keyword of one or two characters (no trigram holds it) among the names' short grams (migration 0037).
    index('illustrators_name_grams').using('gin', sql`kf_short_grams(${t.name})`),
    index('illustrators_name_en_grams').using('gin', sql`kf_short_grams(${t.nameEn})`),
  ],
);

/** Back-office administrators: `uid` + argon2id password hash, a session kind of their own. */
export const admins = pgTable(
  'admins',
  {
    id: id(),
    uid: text('uid').notNull().unique('admins_uid_unique'),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    disabled: boolean('disabled').notNull().default(false),
    lastLoginAt: timestamptz('last_login_at'),
    ...timestamps(),
  },
  (t) => [check('admins_uid_not_blank', sql`length(trim(${t.uid})) > 0`)],
);

/**
 * The columns of a setting the back office sets: the admin who set it last (`updated_by`, null once that admin is
 * deleted or when nobody from the back office did) and when it last changed (`updated_at`, refreshed by drizzle).
 */
export const setByAdmin = () => ({
  updatedBy: ref('updated_by').references(() => admins.id, { onDelete: 'set null' }),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
