import { z } from 'zod';
import { defineRoute } from '~/features/developers/openapi/contract';
import {
  archiveDownloadHeaders,
  archivedCollection,
  collectionManifest,
} from '~/features/media/archive/collectionArchive.server';
import { apiRoute } from '~/server/api/handler';
import { pathId } from '~/server/api/pathId';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/collections/{id}/archive.json`: the exit kit's manifest (chain, contract, and for each card its token
 * id, metadata URI and CID, image CID, frozen or not). 404 when unknown or hidden.
 * @see src/features/media/archive/collectionArchive.server.ts
 */
export const GET = apiRoute(async (ctx) => {
  const id = pathId(ctx.params.id, 'No such collection');
  const db = await database();
  const collection = await archivedCollection(db, id);
  return new Response(JSON.stringify(await collectionManifest(db, collection), null, 2), {
    headers: archiveDownloadHeaders(collection, 'json', 'application/json; charset=utf-8'),
  });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/collections/{id}/archive.json',
    operationId: 'getCollectionArchiveManifest',
    summary: 'The exit kit: every card of a collection with its metadata and image CIDs',
    description:
      'Chain, contract and, for each card, its token id, metadata URI and CID, image CID and whether it is frozen. Importing `archive.car` into an empty blockstore reproduces every CID.',
    tag: 'Catalogue',
    auth: 'none',
    params: z.object({ id: z.string() }),
    answer: { status: 200, description: 'The manifest, as a download.', contentType: 'application/json' },
    errors: [404],
  }),
];
