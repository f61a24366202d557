/**
 * Per-kind notification preferences: in the app, by email too, or off. A kind without a row has its default
 * (../kinds.ts: in the app; the weekly digest off). Email needs a confirmed address; one without it is stored
 * but mail waits for the confirmation.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { NOTIFICATION_CHANNELS, type NotificationChannel, notificationPreferences } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { defaultChannel, PREFERENCE_KINDS, type PreferenceKind } from '../kinds';

/** Body of `PUT /api/v1/notification_preferences`: `{ preferences: { kind: channel, ... } }`. */
export const preferencesSchema = z.strictObject({
  preferences: z.partialRecord(z.enum(PREFERENCE_KINDS), z.enum(NOTIFICATION_CHANNELS)),
});

/** Every kind with the user's channel for it. */
export async function getPreferences(
  db: Database | Transaction,
  userId: number,
): Promise<Record<PreferenceKind, NotificationChannel>> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row.channel]));
  return Object.fromEntries(PREFERENCE_KINDS.map((kind) => [kind, chosen.get(kind) ?? defaultChannel(kind)])) as Record<
    PreferenceKind,
    NotificationChannel
  >;
}

/** Sets the given kinds' channels; answers every kind's. */
export async function setPreferences(
  db: Database,
  userId: number,
  preferences: Partial<Record<PreferenceKind, NotificationChannel>>,
): Promise<Record<PreferenceKind, NotificationChannel>> {
  await db.transaction(async (tx) => {
    for (const [kind, channel] of Object.entries(preferences)) {
      await tx
        .insert(notificationPreferences)
        .values({ userId, kind, channel })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { channel },
        });
    }
  });
  return getPreferences(db, userId);
}

/** Stops mail of `kind` (or of every kind, `all`) for `userId`: email becomes in-app, the digest off. */
export async function unsubscribe(db: Database, userId: number, kind: string): Promise<void> {
  const kinds = kind === 'all' ? [...PREFERENCE_KINDS] : PREFERENCE_KINDS.filter((known) => known === kind);
  if (kinds.length === 0) return;
  const current = await getPreferences(db, userId);
  const next: Partial<Record<PreferenceKind, NotificationChannel>> = {};
  for (const each of kinds) {
    if (current[each] === 'email') next[each] = each === 'weekly_digest' ? 'off' : 'in_app';
  }
  await setPreferences(db, userId, next);
}

/** The channel of `kind` for each of `userIds`. */
export async function channelsOf(
  db: Database | Transaction,
  userIds: readonly number[],
  kind: PreferenceKind,
): Promise<Map<number, NotificationChannel>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(notificationPreferences)
          .where(and(inArray(notificationPreferences.userId, [...userIds]), eq(notificationPreferences.kind, kind)));
  const chosen = new Map(rows.map((row) => [row.userId, row.channel]));
  return new Map(userIds.map((id) => [id, chosen.get(id) ?? defaultChannel(kind)]));
}
