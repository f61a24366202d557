import { z } from 'zod';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { visibleCollection } from '~/features/trading/offer/offerCollection.server';
import { offersForCollection } from '~/features/trading/offer/offerQueries.server';
import { collectionTraits } from '~/features/trading/offer/traitCriteria.server';
import { idParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/collections/{id}/offers` -> `{ offers, traits }`: the collection's open collection and trait
 * offers, best first, and its traits with the merkle root (`criteria`) a trait offer carries and how many cards
 * hold each. 404 when unknown or hidden.
 */
export const GET = apiRoute(async (ctx) => {
  const id = idParam.safeParse(ctx.params.id ?? '');
  if (!id.success) throw notFound('No such collection');
  const db = await database();
  const collection = await visibleCollection(db, id.data);
  if (!collection) throw notFound('No such collection');
  const traits = await collectionTraits(db, collection.chainId, collection.contractAddress);
  return json({
    offers: await offersForCollection(db, collection.id),
    traits: traits.map(({ type, value, tokenIds, criteria }) => ({ type, value, count: tokenIds.length, criteria })),
  });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/collections/{id}/offers',
    operationId: 'listCollectionOffers',
    summary: "A collection's open collection and trait offers",
    tag: 'Trading',
    auth: 'none',
    params: z.object({ id: z.string() }),
    answer: {
      status: 200,
      description: '`{offers, traits}`.',
      schema: describedObject('CollectionOffers', '`{offers, traits}`.'),
    },
    errors: [404],
  }),
];
