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
import { wholeNumberSetting } from '~/lib/settings';

/** The webhooks' settings. */
export interface WebhookSettings {
  allowLoopback: boolean;
  retryWindowMs: number;
  retryBaseMs: number;
  pollMs: number;
  timeoutMs: number;
}

type Env = Record<string, string | undefined>;

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** Whether loopback targets are allowed (see the module comment). */
export function loopbackAllowed(env: Env = process.env): boolean {
  const chainEnv = (env['CHAIN_ENV'] ?? '').trim().toLowerCase();
  const asked = (env['WEBHOOK_ALLOW_LOOPBACK'] ?? '').trim().toLowerCase();
  if (chainEnv === 'production') {
    if (TRUE.includes(asked)) console.warn('[webhooks] WEBHOOK_ALLOW_LOOPBACK is ignored with CHAIN_ENV=production');
    return false;
  }
  if (TRUE.includes(asked)) return true;
  if (FALSE.includes(asked)) return false;
  if (asked !== '') throw new Error('WEBHOOK_ALLOW_LOOPBACK must be 1 or 0');
  return chainEnv === '' || chainEnv === 'local';
}

/** The settings from `env`. */
export function webhookSettings(env: Env = process.env): WebhookSettings {
  const seconds = wholeNumberSetting(env['WEBHOOK_RETRY_SECONDS'], 'WEBHOOK_RETRY_SECONDS', 1) ?? 3 * 86_400;
  return {
    allowLoopback: loopbackAllowed(env),
    retryWindowMs: seconds * 1000,
    retryBaseMs: wholeNumberSetting(env['WEBHOOK_RETRY_BASE_MS'], 'WEBHOOK_RETRY_BASE_MS', 1) ?? 30_000,
    pollMs: wholeNumberSetting(env['WEBHOOK_POLL_MS'], 'WEBHOOK_POLL_MS', 10) ?? 1_000,
    timeoutMs: wholeNumberSetting(env['WEBHOOK_TIMEOUT_MS'], 'WEBHOOK_TIMEOUT_MS', 100) ?? 10_000,
  };
}

let cached: WebhookSettings | undefined;

/** This process's settings, read on first use. */
export function currentWebhookSettings(): WebhookSettings {
  cached ??= webhookSettings();
  return cached;
}
