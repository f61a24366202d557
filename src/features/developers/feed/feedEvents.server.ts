/**
 * Reading the event feed: the numbered events after a cursor, in order, filtered by type and collection, as the
 * public shape `{ id, type, timestamp, data }` (the same body a webhook delivery carries). A cursor must be one of
 * this feed: past the newest event it is not ours (422); before the oldest kept event (30 days,
 * ../../events/marketEvents.server.ts) the events it needs are gone (410), so a consumer never skips a gap
 * silently.
 *
 * @see ./feedQuery.ts, ../../../../docs/developers.md (the feed)
 */
import { type SQL, sql } from 'drizzle-orm';
import { REVERTS_KEY, sequenceEvents } from '~/features/events/marketEvents.server';
import { HttpError, unprocessable } from '~/server/api/errors';
import type { MarketEventType } from '~/server/db/schema/developers';
import type { Database } from '~/server/db/types';
import { eventId } from './eventIds';
import { MAX_FEED_PAGE } from './feedQuery';

/** One event as the feed and webhooks show it. */
export interface FeedEvent {
  id: string;
  type: MarketEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/** Which events to read. */
export interface FeedFilter {
  types?: readonly MarketEventType[] | undefined;
  collection?: string | undefined;
}

interface EventRow extends Record<string, unknown> {
  seq: unknown;
  type: MarketEventType;
  data: Record<string, unknown>;
  occurred_at: unknown;
  reverts_seq: unknown;
}

/** The public shape of a stored event. */
function feedEvent(row: EventRow): FeedEvent {
  const { [REVERTS_KEY]: _reverts, ...data } = row.data;
  if (row.reverts_seq !== null && row.reverts_seq !== undefined)
    data['reverted_event_id'] = eventId(Number(row.reverts_seq));
  const at = row.occurred_at instanceof Date ? row.occurred_at : new Date(String(row.occurred_at));
  return { id: eventId(Number(row.seq)), type: row.type, timestamp: at.toISOString(), data };
}

function filterSql(filter: FeedFilter): SQL {
  const parts: SQL[] = [];
  if (filter.types && filter.types.length > 0) {
    parts.push(
      sql`e.type in (${sql.join(
        filter.types.map((type) => sql`${type}`),
        sql`, `,
      )})`,
    );
  }
  if (filter.collection) {
    parts.push(
      /^\d+$/.test(filter.collection)
        ? sql`e.collection_id = ${Number(filter.collection)}`
        : sql`e.contract_address = ${filter.collection.toLowerCase()}`,
    );
  }
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** The numbered events after `after` matching `filter` (at most `limit`), in order. */
export async function eventsAfter(
  db: Database,
  after: number,
  filter: FeedFilter,
  limit: number,
): Promise<FeedEvent[]> {
  const result = await db.execute<EventRow>(sql`select e.seq, e.type, e.data, e.occurred_at,
      (select o.seq from events o where o.fact_key = e.data ->> ${REVERTS_KEY}) as reverts_seq
    from events e where e.seq > ${after} and ${filterSql(filter)} order by e.seq limit ${limit}`);
  return result.rows.map(feedEvent);
}

/** The oldest and newest numbered events kept (0 when none). */
export async function feedBounds(db: Database): Promise<{ oldest: number; newest: number }> {
  const result = await db.execute<{ oldest: unknown; newest: unknown }>(
    sql`select coalesce(min(seq), 0) as oldest, coalesce(max(seq), 0) as newest from events where seq is not null`,
  );
  const row = result.rows[0];
  return { oldest: Number(row?.oldest ?? 0), newest: Number(row?.newest ?? 0) };
}

/** Throws unless `after` is a cursor this feed can go on from (see the module comment). */
export async function checkCursor(db: Database, after: number): Promise<void> {
  if (after === 0) return;
  const { oldest, newest } = await feedBounds(db);
  if (after > newest) throw unprocessable('Not a cursor of this feed: no event has that id');
  if (oldest > 0 && after < oldest - 1) {
    throw new HttpError(410, `The events after that cursor are no longer kept; start again from evt_${oldest - 1}`);
  }
}

/** A page of the feed: its events and the cursor to ask with next (the last event's id, or `after` again). */
export async function feedPage(
  db: Database,
  query: FeedFilter & { after?: number | undefined; limit?: number | undefined },
): Promise<{ events: FeedEvent[]; next: string; has_more: boolean }> {
  await sequenceEvents(db);
  const after = query.after ?? 0;
  await checkCursor(db, after);
  const limit = query.limit ?? MAX_FEED_PAGE;
  const events = await eventsAfter(db, after, query, limit + 1);
  const page = events.slice(0, limit);
  return { events: page, next: page.at(-1)?.id ?? eventId(after), has_more: events.length > limit };
}
