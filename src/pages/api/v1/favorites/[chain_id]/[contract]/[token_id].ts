import type { APIContext } from 'astro';
import { z } from 'zod';
import { configuredChain } from '~/features/chains/chainReads.server';
import { serverChains } from '~/features/chains/config.server';
import { chainIdParam } from '~/features/chains/params';
import { publishChange } from '~/features/events/publish.server';
import { favoriteState, findCard, limitSocialWrites, setFavorite } from '~/features/social/social.server';
import { addressSchema } from '~/lib/addresses';
import { tokenIdParam } from '~/lib/params';
import { requireUser } from '~/server/api/auth';
import { apiRoute } from '~/server/api/handler';
import { validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const params = z.object({ chain_id: chainIdParam, contract: addressSchema, token_id: tokenIdParam });

/** The card the path names (422 for a chain not run here, 404 for an unknown or hidden card). */
async function card(ctx: APIContext) {
  const path = validate(params, ctx.params);
  const chain = configuredChain(serverChains(), path.chain_id);
  return findCard(await database(), { chainId: chain.chainId, contract: path.contract, tokenId: path.token_id });
}

/** `GET /api/v1/favorites/{chain_id}/{contract}/{token_id}` -> `{favorited, count}` (favorited false signed out). */
export const GET = apiRoute(async (ctx) => {
  const found = await card(ctx);
  const state = await favoriteState(await database(), ctx.locals.user?.id ?? null, found.id);
  return json({ favorited: state.active, count: state.count });
});

/** Sets or clears the signed-in user's favourite; answers the new state; the card's pages are told. */
async function write(ctx: APIContext, on: boolean): Promise<Response> {
  const user = requireUser(ctx);
  const found = await card(ctx);
  const db = await database();
  await limitSocialWrites(db, user.id);
  const state = await setFavorite(db, user.id, found.id, on);
  await publishChange({ cards: [found.id], users: [user.walletAddress] });
  return json({ favorited: state.active, count: state.count });
}

/** `PUT /api/v1/favorites/{chain_id}/{contract}/{token_id}` -> `{favorited: true, count}`; 401, 404, 422, 429. */
export const PUT = apiRoute((ctx) => write(ctx, true));

/** `DELETE /api/v1/favorites/{chain_id}/{contract}/{token_id}` -> `{favorited: false, count}`; idempotent. */
export const DELETE = apiRoute((ctx) => write(ctx, false));
