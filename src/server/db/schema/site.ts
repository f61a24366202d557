/**
 * What the site keeps about itself beside the catalogue: the change log the server processes of one database
 * share (each announced change, so a process that was not listening catches up), when each cache tag last
 * changed (the sitemaps' `lastmod`), and stored media (uploaded images and drawn preview images) for
 * deployments on PostgreSQL, where every process must read what any one of them stored.
 *
 * @see ../../../features/events/changeListener.server.ts, ../../mediaStore.server.ts
 */
import { bigint, customType, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/** `bytea`, read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Every change announced (its cache tags), kept an hour for processes catching up after a reconnect. */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The announcing process (its own listener skips it: it applied the change already). */
    origin: text('origin').notNull(),
    tags: text('tags').array().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('change_log_created_at_idx').on(t.createdAt)],
);

/** When a cache tag (`card:12`, `collection:3`, `market`) last changed: the `lastmod` of the pages it names. */
export const pageChanges = pgTable('page_changes', {
  tag: text('tag').primaryKey(),
  changedAt: timestamptz('changed_at').notNull(),
});

/** Stored media by path (`icons/{name}.webp`, `og/{key}.png`), with the hash of its bytes (its ETag). */
export const media = pgTable('media', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  body: bytea('body').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
