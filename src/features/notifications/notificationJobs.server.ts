/**
 * The notifications' jobs on the process's runner (../../server/jobs/runner.ts): the pulse that tells open
 * bells (./pulse.server.ts), in every server process; when mail is on (./mail/mailSettings.server.ts), the
 * outbox sender (./mail/outbox.server.ts: several processes may run it, each row is claimed by one) and the
 * weekly digest (./digest/digestJob.server.ts: each user's week is taken once, whichever process gets it).
 */
import type { Database } from '~/server/db/types';
import type { JobRunner } from '~/server/jobs/runner';
import type { Settings } from '~/server/settings/schema';
import { runWeeklyDigest } from './digest/digestJob.server';
import { digestSchedule } from './digest/digestWeek';
import { mailSettings } from './mail/mailSettings.server';
import { sendDueMails } from './mail/outbox.server';
import { smtpSender } from './mail/smtpSender.server';
import { notificationPulse } from './pulse.server';

/** How often open bells learn of new notifications, in ms. */
export const PULSE_EVERY_MS = 1_000;
/** How often the outbox is looked at, in ms. */
export const OUTBOX_EVERY_MS = 5_000;
/** How often the digest looks whether its moment came, in ms. */
export const DIGEST_EVERY_MS = 10 * 60_000;

/** Registers the jobs. */
export function registerNotificationJobs(runner: JobRunner, db: Database, settings: Settings): void {
  const pulse = notificationPulse(db);
  runner.every('notification pulse', { pollMs: PULSE_EVERY_MS, maxBackoffMs: 30_000 }, async () => {
    await pulse();
  });
  const mail = mailSettings(settings);
  if (!mail) return;
  const sender = smtpSender(mail);
  runner.every('mail outbox', { pollMs: OUTBOX_EVERY_MS, maxBackoffMs: 60_000 }, async ({ stopping }) => {
    const { sent } = await sendDueMails(db, sender.send);
    if (stopping()) sender.close();
    // A full batch: there may be more waiting.
    return sent > 0 ? { nextInMs: 0 } : undefined;
  });
  const schedule = digestSchedule(settings);
  runner.every('weekly digest', { pollMs: DIGEST_EVERY_MS }, async () => {
    const queued = await runWeeklyDigest(db, mail, schedule);
    return queued > 0 ? { nextInMs: 0 } : undefined;
  });
}
