/**
 * Sends the weekly digest to those who asked for it by email (preference `weekly_digest` = `email`, a
 * confirmed address): in the day after the schedule's moment (./digestWeek.ts), each user's `digest_runs` row
 * for that ISO week is taken first, with the mail queued in the same transaction, so a digest is never queued
 * twice, across restarts and processes. A user with nothing of their own to tell gets no mail that week.
 */
import { sql } from 'drizzle-orm';
import { getT } from '~/features/i18n/t';
import { digestRuns } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { DIGEST_KIND } from '../kinds';
import { deliverableAddress } from '../mail/emails.server';
import type { MailSettings } from '../mail/mailSettings.server';
import { queueMail } from '../mail/outbox.server';
import { unsubscribeUrl } from '../mail/unsubscribeLink.server';
import { digestContent, hasNews } from './digestContent.server';
import { digestMail } from './digestMail';
import { type DigestSchedule, dueDigest } from './digestWeek';

/** Users one pass handles at most (the next pass takes the rest). */
export const DIGEST_BATCH = 200;

/** One pass (see the module comment): how many digests were queued. */
export async function runWeeklyDigest(
  db: Database,
  settings: MailSettings,
  schedule: DigestSchedule,
  now = new Date(),
): Promise<number> {
  const due = dueDigest(now, schedule);
  if (!due) return 0;
  const { rows } = await db.execute<{ id: unknown }>(sql`
    select u.id from users u
    join notification_preferences p on p.user_id = u.id and p.kind = ${DIGEST_KIND} and p.channel = 'email'
    join user_emails e on e.user_id = u.id and e.confirmed_at is not null and e.bounced_at is null
      and e.complained_at is null
    where not u.suspended and not exists (select 1 from digest_runs r where r.user_id = u.id and r.iso_week = ${due.week})
    order by u.id limit ${DIGEST_BATCH}`);
  let queued = 0;
  for (const row of rows) {
    const userId = Number(row.id);
    const sent = await db.transaction(async (tx) => {
      const taken = await tx
        .insert(digestRuns)
        .values({ userId, isoWeek: due.week, createdAt: now })
        .onConflictDoNothing()
        .returning({ userId: digestRuns.userId });
      if (taken.length === 0) return false;
      const address = await deliverableAddress(tx, userId);
      if (!address) return false;
      const content = await digestContent(tx, userId, due.from, due.to);
      if (!hasNews(content)) return false;
      const mail = digestMail({
        content,
        locale: address.locale,
        t: getT(address.locale),
        week: due.week,
        siteUrl: settings.siteUrl,
        unsubscribeUrl: unsubscribeUrl(settings, userId, DIGEST_KIND),
      });
      return queueMail(tx, { dedupeKey: `digest:${userId}:${due.week}`, userId, to: address.email, ...mail }, now);
    });
    if (sent) queued += 1;
  }
  return queued;
}
