/**
 * The developers feature's jobs on the process's runner (../../server/jobs/runner.ts), in every server process:
 * the webhook outbox (number new events, fan them out to endpoints, send what is due: ./webhooks/outbox.server.ts;
 * each endpoint is claimed by one process at a time), and the hourly pruning of events and deliveries past the
 * 30 days they are kept.
 */
import { EVENT_RETENTION_DAYS, pruneEvents, sequenceEvents } from '~/features/events/marketEvents.server';
import type { Change } from '~/features/events/tags';
import type { Database } from '~/server/db/types';
import { idleBackoff } from '~/server/jobs/idleBackoff';
import type { JobRunner } from '~/server/jobs/runner';
import { deliver } from './webhooks/deliver.server';
import { fanOut, pruneDeliveries, sendDueDeliveries } from './webhooks/outbox.server';
import { type WebhookSettings, type WebhookSettingsInput, webhookSettings } from './webhooks/webhookSettings';

/** The outbox job's name (a change may wake it). */
export const WEBHOOK_JOB = 'webhook outbox';
/** The longest wait between two looks at an outbox that had nothing to send, in ms (a retry is due that late). */
const IDLE_MAX_MS = 10_000;
/** How often old events and deliveries are pruned. */
const PRUNE_EVERY_MS = 3_600_000;

/** Registers the jobs. */
export function registerDeveloperJobs(runner: JobRunner<Change>, db: Database, input: WebhookSettingsInput): void {
  const settings: WebhookSettings = webhookSettings(input);
  const send = (url: string, body: string, headers: Record<string, string>) =>
    deliver(url, body, headers, { allowLoopback: settings.allowLoopback, timeoutMs: settings.timeoutMs });
  // At rest the outbox is looked at less and less often (up to ten intervals and IDLE_MAX_MS at most); any change
  // wakes it, since the facts it sends are recorded with the changes they make (../../app/server/jobs.server.ts).
  const idle = idleBackoff(settings.pollMs, Math.min(IDLE_MAX_MS, settings.pollMs * 10));
  runner.every(WEBHOOK_JOB, { pollMs: settings.pollMs, maxBackoffMs: 30_000 }, async () => {
    await sequenceEvents(db);
    const queued = await fanOut(db);
    const sent = await sendDueDeliveries(db, send, settings);
    if (queued === 0 && sent === 0) return { nextInMs: idle.next(false) };
    idle.next(true);
    return { nextInMs: 0 };
  });
  runner.every('pruning events', { pollMs: PRUNE_EVERY_MS }, async () => {
    await pruneEvents(db);
    await pruneDeliveries(db, EVENT_RETENTION_DAYS);
  });
}
