/**
 * Tells this process's open bells that their user has a new notification: a pass reads the notifications
 * committed in the last {@link PULSE_WINDOW_MS} and announces `notifications:{userId}` (./bellTopic.ts) for
 * each one not yet announced (../events/hub.ts, the same hub the live pages use). Every server process runs
 * it, so a notification made in any process (the indexer's, a web request's) reaches a bell open in any other,
 * and only once it committed (a rolled-back notification is never seen). A transaction committing later than
 * the window after it began is still announced by the next page load. A process with no bell open asks the
 * database nothing (an idle server stays idle); a bell opened later hears what the window still holds.
 */
import { gt } from 'drizzle-orm';
import { announce, listensToPrefix } from '~/features/events/hub';
import { notifications } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { BELL_TOPIC_PREFIX, bellTopic } from './bellTopic';

/** How far back a pass looks. */
export const PULSE_WINDOW_MS = 5 * 60_000;

/** A pass of the pulse (see the module comment); keeps what it announced in memory. */
export function notificationPulse(db: Database, now: () => number = Date.now): () => Promise<void> {
  const announced = new Map<number, number>();
  return async () => {
    if (!listensToPrefix(BELL_TOPIC_PREFIX)) return;
    const since = now() - PULSE_WINDOW_MS;
    const rows = await db
      .select({ id: notifications.id, userId: notifications.userId, createdAt: notifications.createdAt })
      .from(notifications)
      .where(gt(notifications.createdAt, new Date(since)));
    const users = new Set<number>();
    for (const row of rows) {
      if (announced.has(row.id)) continue;
      announced.set(row.id, row.createdAt.getTime());
      users.add(row.userId);
    }
    for (const [id, at] of announced) if (at <= since) announced.delete(id);
    if (users.size > 0) announce([...users].map(bellTopic));
  };
}
