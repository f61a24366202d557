import { z } from 'zod';
import { serverChains } from '~/features/chains/config.server';
import { chainIdParam } from '~/features/chains/params';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { issueSignInMessage } from '~/features/session/siwe.server';
import { ADDRESS_MESSAGE, ADDRESS_PATTERN } from '~/lib/addresses';
import { tooManyRequests } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { siteOriginFor } from '~/server/http/site';
import { hitRateLimit } from '~/server/rateLimit.server';
import { serverSettings } from '~/server/settings/settings.server';

const query = z.object({
  wallet_address: z.string().regex(ADDRESS_PATTERN, ADDRESS_MESSAGE),
  chain_id: chainIdParam.optional(),
});

/** Sign-in messages one IP address may ask for per window (each stores a nonce). */
export const NONCES_PER_IP = { limit: 120, windowSeconds: 10 * 60 } as const;

/**
 * `GET /api/v1/mch_session/nonce?wallet_address=&chain_id=` -> a one-time EIP-4361 message to sign (5
 * minutes) for the site's own origin (PUBLIC_SITE_URL / ALLOWED_HOSTS), whatever Host the request named.
 * 429 past {@link NONCES_PER_IP}.
 */
export const GET = apiRoute(async (ctx) => {
  const { wallet_address, chain_id } = readQuery(ctx.url, query);
  const db = await database();
  const limit = await hitRateLimit(
    db,
    `siwe-nonce:${ctx.locals.client.ip}`,
    NONCES_PER_IP.limit,
    NONCES_PER_IP.windowSeconds,
  );
  if (!limit.allowed) throw tooManyRequests(limit.retryAfter);
  // The wallet may sit on a network this site does not run: sign-in still works, for the current chain.
  const chainId = serverChains().find((c) => c.chainId === chain_id)?.chainId ?? ctx.locals.chain.chainId;
  const issued = await issueSignInMessage(db, {
    address: wallet_address,
    chainId,
    site: siteOriginFor(ctx.locals.client.origin, serverSettings()),
  });
  return json({ message: issued.message, nonce: issued.nonce, expiresAt: issued.expiresAt.toISOString() });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/mch_session/nonce',
    operationId: 'getSignInMessage',
    summary: 'A one-time EIP-4361 message to sign',
    tag: 'Account',
    auth: 'none',
    query: query,
    answer: {
      status: 200,
      description: '`{message, nonce, expiresAt}` (five minutes).',
      schema: describedObject('SignInMessage', '`{message, nonce, expiresAt}` (five minutes).'),
    },
    errors: [422, 429],
  }),
];
