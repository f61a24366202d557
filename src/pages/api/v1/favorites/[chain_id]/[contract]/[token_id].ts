import type { APIContext } from 'astro';
import { formatUnits, parseUnits } from 'viem';
import { z } from 'zod';
import { type ChangeAnswer, writeRoute } from '~/app/server/writeRoute';
import { configuredChain } from '~/features/chains/chainReads.server';
import { serverChains } from '~/features/chains/config.server';
import { COIN_DECIMALS } from '~/features/chains/currencies';
import { chainIdParam } from '~/features/chains/params';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { requireUser } from '~/features/session/requireAuth.server';
import { isAlertPrice } from '~/features/social/priceAlert';
import { favoriteState, findCard, limitSocialWrites, setFavorite } from '~/features/social/social.server';
import { addressSchema } from '~/lib/addresses';
import { tokenIdParam } from '~/lib/params';
import { apiRoute } from '~/server/api/handler';
import { readJson, validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const params = z.object({ chain_id: chainIdParam, contract: addressSchema, token_id: tokenIdParam });
/**
 * The optional body of a PUT: `alert_below`, a price in the chain's coin ("0.05"; up to 18 decimals, more than
 * 0) that tells the user when the card is listed at or below it, or null to clear it.
 */
const alertBody = z
  .object({
    alert_below: z
      .union([
        z
          .string()
          // Checked whole in one refinement: a failed pattern must not reach parseUnits.
          .refine(isAlertPrice, 'a price in the coin above 0, e.g. "0.05"'),
        z.null(),
      ])
      .optional(),
  })
  .strict();

/** The answer of the favourite endpoints. */
function answer(state: { active: boolean; count: number; alertBelow?: bigint | null | undefined }) {
  const alert = state.alertBelow;
  return json({
    favorited: state.active,
    count: state.count,
    alertBelow: alert === null || alert === undefined ? null : formatUnits(alert, COIN_DECIMALS),
  });
}

/** The card the path names (422 for a chain not run here, 404 for an unknown or hidden card). */
async function card(ctx: APIContext) {
  const path = validate(params, ctx.params);
  const chain = configuredChain(serverChains(), path.chain_id);
  return findCard(await database(), { chainId: chain.chainId, contract: path.contract, tokenId: path.token_id });
}

/**
 * `GET /api/v1/favorites/{chain_id}/{contract}/{token_id}` -> `{favorited, count, alertBelow}` (favorited false
 * and alertBelow null signed out).
 */
export const GET = apiRoute(async (ctx) => {
  const found = await card(ctx);
  return answer(await favoriteState(await database(), ctx.locals.user?.id ?? null, found.id));
});

/** The price alert a PUT sets: undefined without a body (the alert stays), else the body's (null clears it). */
async function alertOf(ctx: APIContext): Promise<bigint | null | undefined> {
  const { request } = ctx;
  const length = request.headers.get('content-length');
  if (!request.headers.get('content-type') && (length === null || length === '0')) return undefined;
  const { alert_below: alert } = await readJson(request, alertBody);
  return typeof alert === 'string' ? parseUnits(alert, COIN_DECIMALS) : alert;
}

/** Sets or clears the signed-in user's favourite; answers the new state; the card's pages are told. */
async function write(ctx: APIContext, on: boolean): Promise<ChangeAnswer> {
  const user = requireUser(ctx);
  const found = await card(ctx);
  const alert = on ? await alertOf(ctx) : undefined;
  const db = await database();
  await limitSocialWrites(db, user.id);
  const state = await setFavorite(db, user.id, found.id, on, alert);
  return { response: answer(state), change: { cards: [found.id], users: [user.walletAddress] } };
}

/**
 * `PUT /api/v1/favorites/{chain_id}/{contract}/{token_id}` -> `{favorited: true, count, alertBelow}`; an optional
 * JSON body `{"alert_below": "0.05" | null}` sets or clears the price alert; 401, 404, 415, 422, 429.
 */
export const PUT = writeRoute((ctx) => write(ctx, true));

/** `DELETE /api/v1/favorites/{chain_id}/{contract}/{token_id}` -> `{favorited: false, count}`; idempotent. */
export const DELETE = writeRoute((ctx) => write(ctx, false));

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/favorites/{chain_id}/{contract}/{token_id}',
    operationId: 'getFavorite',
    summary: "A card's favourite count and the user's own",
    tag: 'Social',
    auth: 'none',
    params: params,
    answer: {
      status: 200,
      description: '`{favorited, count, alertBelow}`.',
      schema: describedObject('FavoriteState', '`{favorited, count, alertBelow}`.'),
    },
    errors: [404, 422],
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/v1/favorites/{chain_id}/{contract}/{token_id}',
    operationId: 'favorite',
    summary: 'Favour a card (optionally with a price alert)',
    tag: 'Social',
    auth: 'session',
    params: params,
    body: alertBody,
    answer: {
      status: 200,
      description: '`{favorited: true, count, alertBelow}`.',
      schema: describedObject('FavoriteState', '`{favorited: true, count, alertBelow}`.'),
    },
    errors: [401, 404, 415, 422, 429],
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/favorites/{chain_id}/{contract}/{token_id}',
    operationId: 'unfavorite',
    summary: 'Stop favouring a card',
    tag: 'Social',
    auth: 'session',
    params: params,
    answer: {
      status: 200,
      description: '`{favorited: false, count}`.',
      schema: describedObject('FavoriteState', '`{favorited: false, count}`.'),
    },
    errors: [401, 404, 422, 429],
  }),
];
