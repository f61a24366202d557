/**
 * The API key gate, early in the middleware chain: a request to `/api/` carrying `Authorization: Bearer kf_…` is
 * checked (401 for
 * a malformed, unknown or revoked key, never an answer as if no key were sent), counted against the key's limit
 * (../limits/keyLimitSettings.ts: a sliding window in the database, shared by every process) and answered 429 with
 * `Retry-After` past it; every answer to a keyed request carries `RateLimit-Policy` and `RateLimit`
 * (./rateLimitFields.ts). The key's holder goes on `locals.apiKey` for the developer endpoints. Requests without
 * a key pass untouched: they keep the per-address limits of the endpoints that have them.
 *
 * @see ../../../../docs/developers.md (keys and limits)
 */

import { defineMiddleware } from 'astro:middleware';
import { unavailableAnswer } from '~/server/api/handler';
import { jsonError } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { isDatabaseUnavailable } from '~/server/db/unavailable';
import { hitRateLimit } from '~/server/rateLimit.server';
import { serverSettings } from '~/server/settings/settings.server';
import { API_KEY_HEADER, bearerKey, isKeyShaped } from '../keys/apiKeyFormat';
import { keyHolder } from '../keys/apiKeys.server';
import { keyPolicy } from './keyLimitSettings';
import { type RatePolicy, rateLimitHeaders } from './rateLimitFields';

let policy: RatePolicy | undefined;

/** Sets `headers` on a response, copying it when its headers are frozen (a fetched or static response). */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

export const apiKeyGate = defineMiddleware(async (ctx, next) => {
  ctx.locals.apiKey = null;
  if (ctx.isPrerendered || !ctx.url.pathname.startsWith('/api/')) return next();
  const key = bearerKey(ctx.request.headers.get(API_KEY_HEADER));
  if (key === undefined) return next();
  if (!isKeyShaped(key)) return jsonError(401, 'The Authorization header does not carry an API key of this site');
  policy ??= keyPolicy(serverSettings());
  let holder: Awaited<ReturnType<typeof keyHolder>>;
  let hit: Awaited<ReturnType<typeof hitRateLimit>>;
  try {
    const db = await database();
    holder = await keyHolder(db, key);
    if (!holder) return jsonError(401, 'Unknown or revoked API key');
    hit = await hitRateLimit(db, `api-key:${holder.keyId}`, policy.quota, policy.windowSeconds);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return unavailableAnswer(ctx.request.method, ctx.url.pathname, error);
    throw error;
  }
  const headers = rateLimitHeaders(policy, {
    remaining: policy.quota - hit.count,
    resetSeconds: hit.retryAfter,
  });
  if (!hit.allowed) {
    return jsonError(429, 'Rate limit reached for this API key', {
      ...headers,
      'Retry-After': String(hit.retryAfter),
    });
  }
  ctx.locals.apiKey = holder;
  return withHeaders(await next(), headers);
});
