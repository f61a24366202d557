import { z } from 'zod';
import { serverChains } from '~/features/chains/config.server';
import { publicClientFor } from '~/features/chains/publicClients.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { setSessionCookies } from '~/features/session/cookies.server';
import { loadCurrentUser } from '~/features/session/currentUser.server';
import { createSession } from '~/features/session/sessions.server';
import { verifySignIn } from '~/features/session/siwe.server';
import { ADDRESS_MESSAGE, ADDRESS_PATTERN } from '~/lib/addresses';
import { networkOf } from '~/lib/network';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { requestMeta } from '~/server/api/requestMeta';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const body = z.object({
  wallet_address: z.string().regex(ADDRESS_PATTERN, ADDRESS_MESSAGE),
  signature: z.string().regex(/^0x[0-9a-fA-F]{2,4096}$/, 'must be a hex signature'),
  message: z.string().min(1).max(4000),
});

/** The read client of a configured chain with an RPC URL. */
function clientFor(chainId: number) {
  const chain = serverChains().find((c) => c.chainId === chainId);
  return chain && chain.rpcUrls.length > 0 ? publicClientFor(chain) : undefined;
}

/**
 * `POST /api/v1/mch_session {wallet_address, signature, message}`: wallet sign-in (spec §7). 429 with Retry-After
 * for a new wallet from a network that opened its hour's accounts (features/session/walletSignUps.server.ts).
 */
export const POST = apiRoute(async (ctx) => {
  const input = await readJson(ctx.request, body);
  const db = await database();
  const { userId } = await verifySignIn(db, {
    walletAddress: input.wallet_address,
    signature: input.signature,
    message: input.message,
    clientFor,
    network: networkOf(ctx.locals.client.ip),
  });
  const tokens = await createSession(db, { kind: 'user', userId }, requestMeta(ctx));
  setSessionCookies(ctx.cookies, ctx.locals.client.origin, 'user', tokens);
  return json({ currentUser: await loadCurrentUser(db, userId, null) });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/mch_session',
    operationId: 'signIn',
    summary: 'Sign in with a wallet (EIP-4361): sets the session cookies',
    tag: 'Account',
    auth: 'none',
    body: body,
    answer: {
      status: 200,
      description: '`{currentUser}`; the session cookies are set.',
      schema: describedObject('SignedIn', '`{currentUser}`; the session cookies are set.'),
    },
    errors: [401, 415, 422, 429],
  }),
];
