import { z } from 'zod';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { listUserItems, userItemsQuerySchema } from '~/features/profiles/profiles.server';
import { addressSchema } from '~/lib/addresses';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/users/{wallet_address}/items?tab=owned|listed&chain_id&sort&page&per_page` -> the wallet's
 * cards as a list, plus `user` (its public profile, null when it never signed in).
 */
export const GET = apiRoute(async (ctx) => {
  const wallet = addressSchema.safeParse(ctx.params.wallet_address ?? '');
  if (!wallet.success) throw notFound('Not a wallet address');
  const query = readQuery(ctx.url, userItemsQuerySchema);
  return json(await listUserItems(await database(), wallet.data, query));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/users/{wallet_address}/items',
    operationId: 'listUserItems',
    summary: "A wallet's cards, owned or listed",
    tag: 'Catalogue',
    auth: 'none',
    params: z.object({ wallet_address: z.string() }),
    query: userItemsQuerySchema,
    answer: {
      status: 200,
      description: "A page of the wallet's cards.",
      schema: describedObject('CardPage', "A page of the wallet's cards."),
    },
    errors: [422],
  }),
];
