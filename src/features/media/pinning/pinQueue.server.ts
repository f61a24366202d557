/**
 * The durable queue of pin requests (table `pin_requests`: one row per CID and configured service), the one writer
 * of its rows. Publishing a design queues its CIDs for every service; a job pass (./pinningJob.server.ts) claims due
 * rows under `FOR UPDATE SKIP LOCKED` (two processes never take the same row; a claim older than
 * {@link CLAIM_TTL_MS} was left by a process that died and is taken again, so a restart loses no request), asks the
 * service, and sets the next attempt: soon while the service is pinning, with exponential backoff after an error.
 * A row ends when its service says `pinned`; `failed` asks again (a new request) after a backoff. The admin's re-pin
 * puts a card's rows back to `queued`.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { pinRequests } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import type { PinReply } from './pinningClient';

type Db = Database | Transaction;

/** How long a claim holds before another pass may take the row again. */
export const CLAIM_TTL_MS = 5 * 60_000;
/** Rows one pass handles at most. */
export const PIN_BATCH = 20;

/** Queues each CID for each service (a pair already queued stays as it is). */
export async function queuePins(db: Db, cids: readonly string[], services: readonly string[], now = new Date()) {
  const rows = [...new Set(cids)].flatMap((cid) => services.map((service) => ({ cid, service, nextAttemptAt: now })));
  if (rows.length === 0) return;
  await db
    .insert(pinRequests)
    .values(rows)
    .onConflictDoNothing({ target: [pinRequests.cid, pinRequests.service] });
}

/** Wait before asking again after `attempts` failed calls: 5 s doubled per attempt, at most an hour. */
export function pinBackoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3600_000);
}

/** Wait before asking a service again how a pin it accepted is going: 2 s, then longer, at most ten minutes. */
export function pollDelayMs(polls: number): number {
  return Math.min(2_000 * 1.5 ** Math.max(0, polls), 600_000);
}

/** A claimed row. */
export type ClaimedPin = typeof pinRequests.$inferSelect;

/** Claims up to `limit` due rows of the configured `services` for this pass. */
export async function claimDuePins(db: Database, services: readonly string[], now: Date, limit = PIN_BATCH) {
  if (services.length === 0) return [];
  const stale = new Date(now.getTime() - CLAIM_TTL_MS);
  const names = sql.join(
    services.map((name) => sql`${name}`),
    sql`, `,
  );
  const result = await db.execute<{ id: unknown }>(sql`
    update ${pinRequests} set claimed_at = ${now}
    where id in (
      select id from ${pinRequests}
      where status <> 'pinned' and next_attempt_at <= ${now} and service in (${names})
        and (claimed_at is null or claimed_at < ${stale})
      order by next_attempt_at, id limit ${limit} for update skip locked)
    returning id`);
  const ids = result.rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return db.select().from(pinRequests).where(inArray(pinRequests.id, ids)).orderBy(pinRequests.id);
}

/** Records what the service answered; a pin still under way is asked about again after `pollMs`. */
export async function recordPinReply(db: Database, pin: ClaimedPin, reply: PinReply, now: Date, pollMs: number) {
  const pinned = reply.status === 'pinned';
  await db
    .update(pinRequests)
    .set({
      status: reply.status,
      requestId: reply.requestId,
      claimedAt: null,
      lastError: reply.status === 'failed' ? 'the service could not pin it' : null,
      pinnedAt: pinned ? now : null,
      // A failed pin is asked for again, anew, after a backoff.
      attempts: reply.status === 'failed' ? pin.attempts + 1 : pin.attempts,
      nextAttemptAt: new Date(now.getTime() + (reply.status === 'failed' ? pinBackoffMs(pin.attempts + 1) : pollMs)),
    })
    .where(and(eq(pinRequests.id, pin.id), eq(pinRequests.claimedAt, pin.claimedAt ?? now)));
}

/** Records a failed call (the service unreachable or refusing): the next attempt backs off. */
export async function recordPinError(db: Database, pin: ClaimedPin, message: string, now: Date) {
  await db
    .update(pinRequests)
    .set({
      claimedAt: null,
      attempts: pin.attempts + 1,
      lastError: message.slice(0, 300),
      nextAttemptAt: new Date(now.getTime() + pinBackoffMs(pin.attempts + 1)),
    })
    .where(and(eq(pinRequests.id, pin.id), eq(pinRequests.claimedAt, pin.claimedAt ?? now)));
}

/** Puts the rows of `cids` back in the queue, due now, as new requests (the admin's re-pin); how many. */
export async function requeuePins(db: Db, cids: readonly string[], now = new Date()): Promise<number> {
  if (cids.length === 0) return 0;
  const changed = await db
    .update(pinRequests)
    .set({
      status: 'queued',
      requestId: null,
      attempts: 0,
      lastError: null,
      pinnedAt: null,
      claimedAt: null,
      nextAttemptAt: now,
    })
    .where(inArray(pinRequests.cid, [...cids]))
    .returning({ id: pinRequests.id });
  return changed.length;
}

/** Queues every published CID (designs' metadata and images, collections') for services that lack it. */
export async function queueMissingPins(db: Db, services: readonly string[], now = new Date()): Promise<void> {
  for (const service of services) {
    await db.execute(sql`
      insert into ${pinRequests} (cid, service, next_attempt_at)
      select cid, ${service}, ${now} from (
        select metadata_cid as cid from media_designs
        union select unnest(image_cids) from media_designs
        union select cid from media_collections
        union select image_cid from media_collections where image_cid is not null
      ) published
      on conflict (cid, service) do nothing`);
  }
}
