/**
 * The per-key limit: `API_KEY_RATE_LIMIT` requests (default 120) per `API_KEY_RATE_WINDOW_SECONDS` (default 60),
 * counted across every server process. Read once; a value that is not a whole number stops the start with its
 * name. Requests without a key keep the per-address limits of the endpoints that have them.
 *
 * @see ../../../../docs/operations.md (API keys and webhooks)
 */
import type { Settings } from '~/server/settings/schema';
import type { RatePolicy } from './rateLimitFields';

/** Requests per window for one key, unless configured. */
export const DEFAULT_KEY_QUOTA = 120;
/** The window, in seconds, unless configured. */
export const DEFAULT_KEY_WINDOW_SECONDS = 60;

/** The per-key policy of the settings. */
export function keyPolicy(settings: Pick<Settings, 'API_KEY_RATE_LIMIT' | 'API_KEY_RATE_WINDOW_SECONDS'>): RatePolicy {
  return { quota: settings.API_KEY_RATE_LIMIT, windowSeconds: settings.API_KEY_RATE_WINDOW_SECONDS };
}
