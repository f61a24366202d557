/**
 * The signed-in user's notifications: newest first with the unread count, rendered in the reader's language;
 * marked read (all, or some); deleted all at once (a user may erase them).
 */
import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Translate } from '~/features/i18n/t';
import { notifications } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { type NotificationParams, notificationPath, notificationText } from './kinds';

/** Most notifications one page lists. */
export const NOTIFICATION_PAGE = 30;

/** A notification as the API and the bell show it. */
export interface NotificationView {
  id: number;
  kind: string;
  text: string;
  /** The page it leads to, without the locale prefix, or null. */
  path: string | null;
  params: NotificationParams;
  read: boolean;
  createdAt: string;
}

/** How many of `userId`'s notifications are unread. */
export async function unreadCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** One page of `userId`'s notifications, newest first (older than `before`, an id, when given), and `unread`. */
export async function listNotifications(
  db: Database,
  userId: number,
  t: Translate,
  options: { before?: number | undefined; limit?: number } = {},
): Promise<{ items: NotificationView[]; unread: number }> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        options.before === undefined ? undefined : lt(notifications.id, options.before),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(options.limit ?? NOTIFICATION_PAGE);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      text: notificationText(t, row.kind, row.params),
      path: notificationPath(row.kind, row.params),
      params: row.params,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    unread: await unreadCount(db, userId),
  };
}

/** Marks `userId`'s notifications read: those of `ids`, or all when `ids` is undefined; the unread left. */
export async function markRead(
  db: Database,
  userId: number,
  ids: readonly number[] | undefined,
  now = new Date(),
): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === undefined ? undefined : inArray(notifications.id, [...ids]),
      ),
    );
  return unreadCount(db, userId);
}

/** Deletes every notification of `userId`. */
export async function deleteNotifications(db: Database, userId: number): Promise<void> {
  await db.delete(notifications).where(eq(notifications.userId, userId));
}
