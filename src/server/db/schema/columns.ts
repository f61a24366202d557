/**
 * Column builders and CHECK helpers shared by the schema files, so that every table stores addresses,
 * hashes, uint256 amounts and timestamps the same way and the database itself refuses malformed values.
 *
 * @see docs/architecture.md "Layers"
 */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  integer,
  numeric,
  timestamp,
  type UpdateDeleteAction,
} from 'drizzle-orm/pg-core';

/** Surrogate primary key: `bigint generated always as identity`, read as a JS number (safe to 2^53). */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** A reference to another table's {@link id}. */
export const ref = (name: string) => bigint(name, { mode: 'number' });

/**
 * A required {@link ref}: NOT NULL, a foreign key to `target` (another table's id), and what deleting the row it
 * names does to this one (`cascade`: goes with it; `restrict`: the delete is refused while this row stands).
 */
export const requiredRef = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  ref(name).notNull().references(target, { onDelete });

/**
 * A {@link ref} that is the table's primary key: at most one row per row of `target` (a profile, a setting or a
 * record that extends the row it names).
 */
export const keyRef = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  ref(name).primaryKey().references(target, { onDelete });

/** Numeric EVM chain id (1, 56, 137, 8217, test chains...). */
export const chainId = (name = 'chain_id') => integer(name);

/**
 * A uint256 (token id, wei amount, Seaport counter) as `numeric(78, 0)`: read and written as a decimal
 * string, so no precision is lost and JSON needs no BigInt handling.
 */
export const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0 });

/** `timestamp with time zone`, read as a JS Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `created_at` and `updated_at` (the latter refreshed by drizzle on every update it issues). */
export const timestamps = () => ({
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * CHECK that a column holds a lower-case 0x-prefixed 20-byte address (NULL passes, as in SQL).
 * Lower case is the canonical form: lookups and unique indexes then need no `lower()`.
 */
export const addressCheck = (name: string, column: AnyColumn): ReturnType<typeof check> =>
  check(name, sql`${column} ~ '^0x[0-9a-f]{40}$'`);

/** CHECK that a column holds a lower-case 0x-prefixed 32-byte hash (transaction or order hash). */
export const hash32Check = (name: string, column: AnyColumn): ReturnType<typeof check> =>
  check(name, sql`${column} ~ '^0x[0-9a-f]{64}$'`);

/**
 * CHECK that a text column holds one of `values`. Used instead of PostgreSQL enum types because adding a
 * value to a CHECK is an ordinary transactional migration, while `ALTER TYPE ... ADD VALUE` is not.
 */
export const oneOf = (name: string, column: AnyColumn, values: readonly string[]): ReturnType<typeof check> => {
  const list: SQL = sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));
  return check(name, sql`${column} in (${list})`);
};
