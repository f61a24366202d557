/**
 * The webhooks' settings, read once from the environment (a value that is not a whole number stops the start with
 * its name):
 * - `WEBHOOK_ALLOW_LOOPBACK`: `1` lets webhook URLs reach this machine (`http://127.0.0.1:…`, `localhost`), for
 *   development and tests; by default on with local chains (`CHAIN_ENV` unset or `local`: the demo), off
 *   elsewhere, and never with `CHAIN_ENV=production`, whatever it says. Private, link-local and reserved addresses
 *   are never reachable (./addressPolicy.ts).
 * - `WEBHOOK_RETRY_SECONDS` (default 259 200: three days): how long a failing endpoint is retried before its
 *   deliveries are kept as failed and it is disabled (its owner is told).
 * - `WEBHOOK_RETRY_BASE_MS` (default 30 000): the first retry's wait, doubled per failure up to six hours, with
 *   jitter.
 * - `WEBHOOK_POLL_MS` (default 1 000): how often each server process looks for events to deliver.
 * - `WEBHOOK_TIMEOUT_MS` (default 10 000): how long an endpoint has to answer.
 *
 * @see ../../../../docs/operations.md (API keys and webhooks)
 */
import type { Settings } from '~/server/settings/schema';
import { serverSettings } from '~/server/settings/settings.server';

/** The webhooks' settings. */
export interface WebhookSettings {
  allowLoopback: boolean;
  retryWindowMs: number;
  retryBaseMs: number;
  pollMs: number;
  timeoutMs: number;
}

/** What the webhooks read of the settings. */
export type WebhookSettingsInput = Pick<
  Settings,
  | 'CHAIN_ENV'
  | 'WEBHOOK_ALLOW_LOOPBACK'
  | 'WEBHOOK_RETRY_SECONDS'
  | 'WEBHOOK_RETRY_BASE_MS'
  | 'WEBHOOK_POLL_MS'
  | 'WEBHOOK_TIMEOUT_MS'
>;

const ON = ['on', '1', 'true', 'yes'];

/** Whether loopback targets are allowed (see the module comment). */
export function loopbackAllowed(settings: Pick<Settings, 'CHAIN_ENV' | 'WEBHOOK_ALLOW_LOOPBACK'>): boolean {
  const asked = settings.WEBHOOK_ALLOW_LOOPBACK;
  if (settings.CHAIN_ENV === 'production') {
    if (asked && ON.includes(asked))
      console.warn('[webhooks] WEBHOOK_ALLOW_LOOPBACK is ignored with CHAIN_ENV=production');
    return false;
  }
  if (asked !== undefined) return ON.includes(asked);
  return settings.CHAIN_ENV === 'local';
}

/** The webhooks' settings (see the module comment). */
export function webhookSettings(settings: WebhookSettingsInput): WebhookSettings {
  return {
    allowLoopback: loopbackAllowed(settings),
    retryWindowMs: settings.WEBHOOK_RETRY_SECONDS * 1000,
    retryBaseMs: settings.WEBHOOK_RETRY_BASE_MS,
    pollMs: settings.WEBHOOK_POLL_MS,
    timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
  };
}

let cached: WebhookSettings | undefined;

/** This process's settings, read on first use. */
export function currentWebhookSettings(): WebhookSettings {
  cached ??= webhookSettings(serverSettings());
  return cached;
}
