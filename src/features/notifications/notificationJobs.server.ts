/**
 * The notifications' jobs on the process's runner (../../server/jobs/runner.ts): the pulse that tells open
 * bells (./pulse.server.ts), in every server process.
 */
import type { Database } from '~/server/db/types';
import type { JobRunner } from '~/server/jobs/runner';
import { notificationPulse } from './pulse.server';

/** How often open bells learn of new notifications, in ms. */
export const PULSE_EVERY_MS = 1_000;

/** Registers the jobs. */
export function registerNotificationJobs(runner: JobRunner, db: Database): void {
  const pulse = notificationPulse(db);
  runner.every('notification pulse', { pollMs: PULSE_EVERY_MS, maxBackoffMs: 30_000 }, async () => {
    await pulse();
  });
}
