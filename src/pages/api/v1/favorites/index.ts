import { z } from 'zod';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { requireUser } from '~/features/session/requireAuth.server';
import { favoritedAmong } from '~/features/social/social.server';
import { addressSchema } from '~/lib/addresses';
import { tokenIdParam } from '~/lib/params';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** The most cards one question may name: more than any page of tiles shows. */
export const FAVORITES_QUERY_MAX = 100;

const cardRef = z
  .string()
  .transform((value) => value.split(':'))
  .pipe(z.tuple([z.string().regex(/^\d{1,10}$/, 'a chain id'), addressSchema, tokenIdParam]))
  .transform(([chainId, contract, tokenId]) => ({ chainId: Number(chainId), contract, tokenId }));

const query = z.object({
  cards: z
    .string()
    .transform((value) => (value === '' ? [] : value.split(',')))
    .pipe(z.array(cardRef).max(FAVORITES_QUERY_MAX)),
});

/**
 * `GET /api/v1/favorites?cards={chain_id}:{contract}:{token_id},…` -> `{favorited: ["{chain_id}:{contract}:{token_id}", …]}`:
 * which of the named cards (at most 100, e.g. a page of tiles) the signed-in user favours, contracts in lower
 * case and token ids in decimal; 401 signed out, 422 for a malformed or longer list.
 */
export const GET = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { cards } = readQuery(ctx.url, query);
  return json({ favorited: await favoritedAmong(await database(), user.id, cards) });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/favorites',
    operationId: 'listFavorited',
    summary: 'Which of these cards the signed-in user favours',
    tag: 'Social',
    auth: 'session',
    query: query,
    answer: {
      status: 200,
      description: '`{favorited: ["{chain_id}:{contract}:{token_id}"]}`.',
      schema: describedObject('Favorited', '`{favorited: ["{chain_id}:{contract}:{token_id}"]}`.'),
    },
    errors: [401, 422],
  }),
];
