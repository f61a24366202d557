import { z } from 'zod';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { visibleCollection } from '~/features/trading/offer/offerCollection.server';
import { offersForCollection } from '~/features/trading/offer/offerQueries.server';
import { collectionTraits, rootsOf } from '~/features/trading/offer/traitCriteria.server';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { pathId } from '~/server/api/pathId';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const traitQuery = z
  .object({
    trait_type: z.string().max(200).optional(),
    trait_value: z.string().max(200).optional(),
  })
  .refine((query) => (query.trait_type === undefined) === (query.trait_value === undefined), {
    message: 'trait_type and trait_value go together',
    path: ['trait_value'],
  });

/**
 * `GET /api/v1/collections/{id}/offers` -> `{ offers, traits }`: the collection's open collection and trait
 * offers, best first, and its traits with the merkle root (`criteria`) a trait offer carries and how many cards
 * hold each. With `trait_type` and `trait_value`, `traits` holds that trait alone (empty when no card holds it):
 * what an offer form asks for when it makes a trait offer, without the roots of every other trait. 404 when
 * unknown or hidden; 422 for one of the two without the other.
 */
export const GET = apiRoute(async (ctx) => {
  const id = pathId(ctx.params.id, 'No such collection');
  const query = readQuery(ctx.url, traitQuery);
  const only =
    query.trait_type !== undefined && query.trait_value !== undefined
      ? { type: query.trait_type, value: query.trait_value }
      : undefined;
  const db = await database();
  const collection = await visibleCollection(db, id);
  if (!collection) throw notFound('No such collection');
  const traits = await collectionTraits(db, collection.chainId, collection.contractAddress, only);
  return json({
    offers: await offersForCollection(db, collection.id),
    traits: (await rootsOf(traits)).map(({ type, value, tokenIds, criteria }) => ({
      type,
      value,
      count: tokenIds.length,
      criteria,
    })),
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
    query: traitQuery,
    answer: {
      status: 200,
      description: '`{offers, traits}`.',
      schema: describedObject('CollectionOffers', '`{offers, traits}`.'),
    },
    errors: [404, 422],
  }),
];
