/**
 * The durable mail outbox: mail is queued in the database (with the change that caused it, in its
 * transaction) and sent by a job (../notificationJobs.server.ts), so an SMTP outage delays mail and loses none.
 * A pass claims due rows under `FOR UPDATE SKIP LOCKED` (so two processes never take the same row), marking
 * them `claimed_at`; a sent row gets `sent_at`; a failure frees the claim and sets the next attempt with
 * exponential backoff, up to {@link MAX_ATTEMPTS}, then `failed_at`. A claim older than {@link CLAIM_TTL_MS}
 * (its process died mid-send) is taken again. Each mail's Message-ID is fixed by its row, so a receiver can
 * tell the one resend such a crash may cause from a new mail. A 5xx refusal bounces the address at once.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { mailOutbox, userEmails } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';

type Db = Database | Transaction;

/** Attempts before a mail is given up. */
export const MAX_ATTEMPTS = 8;
/** How long a claim holds before another pass may take the row again. */
export const CLAIM_TTL_MS = 5 * 60_000;
/** Mails one pass sends at most. */
export const BATCH = 20;

/** One mail to queue. */
export interface OutgoingMail {
  /** Makes queueing twice a no-op (e.g. `notification:12`, `confirm:3:2`, `digest:3:2026-W48`). */
  dedupeKey: string;
  userId: number | null;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

/** A queued mail as the sender gets it. */
export type QueuedMail = typeof mailOutbox.$inferSelect;

/** Sends one mail; throws when the SMTP server does not accept it. */
export type MailSender = (mail: QueuedMail) => Promise<void>;

/** Queues `mail` (nothing when its key was queued already); whether it was new. */
export async function queueMail(db: Db, mail: OutgoingMail, now = new Date()): Promise<boolean> {
  const rows = await db
    .insert(mailOutbox)
    .values({
      dedupeKey: mail.dedupeKey,
      userId: mail.userId,
      toAddress: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers ?? {},
      nextAttemptAt: now,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** Drops the mail queued for `userId` and not sent yet (their address is gone). */
export async function dropQueuedMail(db: Db, userId: number): Promise<void> {
  await db.delete(mailOutbox).where(and(eq(mailOutbox.userId, userId), isNull(mailOutbox.sentAt)));
}

/** Whether an SMTP error is permanent (a 5xx reply), not an outage to wait out. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Records a bounce or complaint for `address` (any user's, letters in any case): the provider reported it, or the
 * SMTP server refused a mail to it for good. No more mail goes to it until the user adds an address again; a
 * repeated report changes nothing. Answers how many addresses changed. The one writer of these two columns.
 */
export async function recordReportedAddress(
  db: Db,
  address: string,
  kind: 'bounce' | 'complaint',
  now = new Date(),
): Promise<number> {
  const column = kind === 'bounce' ? userEmails.bouncedAt : userEmails.complainedAt;
  const changed = await db
    .update(userEmails)
    .set(kind === 'bounce' ? { bouncedAt: now } : { complainedAt: now })
    .where(and(sql`lower(${userEmails.email}) = lower(${address})`, isNull(column)))
    .returning({ userId: userEmails.userId });
  return changed.length;
}

/** Wait before attempt `attempts + 1`: 30 s doubled per attempt, at most six hours. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

/** Claims up to `limit` due mails for this pass (see the module comment). */
async function claim(db: Database, now: Date, limit: number): Promise<QueuedMail[]> {
  const stale = new Date(now.getTime() - CLAIM_TTL_MS);
  const result = await db.execute<{ id: unknown }>(sql`
    update ${mailOutbox} set claimed_at = ${now}, attempts = attempts + 1
    where id in (
      select id from ${mailOutbox}
      where sent_at is null and failed_at is null and next_attempt_at <= ${now}
        and (claimed_at is null or claimed_at < ${stale})
      order by id limit ${limit} for update skip locked)
    returning id`);
  const ids = result.rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return db
    .select()
    .from(mailOutbox)
    .where(
      sql`${mailOutbox.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(mailOutbox.id);
}

/** One pass: claims due mails and sends them; how many were sent and how many failed. */
export async function sendDueMails(
  db: Database,
  send: MailSender,
  now = new Date(),
  limit = BATCH,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const mail of await claim(db, now, limit)) {
    try {
      await send(mail);
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), lastError: null })
        .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimedAt, now)));
      sent += 1;
    } catch (error) {
      failed += 1;
      // A 5xx answer is the server refusing the mail for good (RFC 5321 §4.2.1): the address bounced.
      const permanent = isPermanentFailure(error);
      if (permanent) await recordReportedAddress(db, mail.toAddress, 'bounce', now);
      const giveUp = permanent || mail.attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          claimedAt: null,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + backoffMs(mail.attempts)),
          ...(giveUp ? { failedAt: now } : {}),
        })
        .where(eq(mailOutbox.id, mail.id));
    }
  }
  return { sent, failed };
}
