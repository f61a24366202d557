import { z } from 'zod';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { offerByHash } from '~/features/trading/offer/offerQueries.server';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readQuery, validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { orderHashParams } from '../../_orderRoutes';

const query = z.object({
  token_id: z
    .string()
    .regex(/^\d{1,78}$/, 'must be a token id in decimal')
    .optional()
    .describe("A trait offer's card: the answer carries that card's `proof` under the offer's root."),
});

/**
 * `GET /api/v1/offers/{order_hash}` (`?token_id=` for a trait offer's proof for that card) -> `{ offer }`: the
 * offer as the lists show it, with its signed Seaport order and signature, which a wallet fills or cancels. The
 * pages send the lists without the orders; their islands ask here when an owner accepts or a maker cancels. 404
 * unknown, 422 a malformed hash or token id.
 */
export const GET = apiRoute(async (ctx) => {
  const { order_hash: hash } = validate(orderHashParams, ctx.params);
  const { token_id: tokenId } = readQuery(ctx.url, query);
  const offer = await offerByHash(await database(), hash, tokenId === undefined ? undefined : BigInt(tokenId));
  if (!offer) throw notFound('No such offer');
  return json({ offer });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/offers/{order_hash}',
    operationId: 'getOffer',
    summary: 'One offer with its signed order',
    tag: 'Trading',
    auth: 'none',
    params: orderHashParams,
    query,
    answer: {
      status: 200,
      description:
        "`{offer}`: the offer, its signed Seaport order and signature (and a trait offer's `proof` for `token_id`).",
      schema: describedObject(
        'OfferWithOrder',
        "`{offer}`: the offer, its signed Seaport order and signature (and a trait offer's `proof` for `token_id`).",
      ),
    },
    errors: [404, 422],
  }),
];
