import { z } from 'zod';
import { defineRoute } from '~/features/developers/openapi/contract';
import {
  archiveDownloadHeaders,
  archivedCollection,
  archiveRoots,
  collectionCar,
} from '~/features/media/archive/collectionArchive.server';
import { processBlockStore } from '~/features/media/processMedia.server';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { pathId } from '~/server/api/pathId';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/collections/{id}/archive.car`: the exit kit's CARv1, every image and metadata block of the
 * collection, streamed (roots: the collection's document, each design's directory, each image). 404 when unknown
 * or hidden, or when nothing of it is published yet.
 * @see src/features/media/archive/collectionArchive.server.ts
 */
export const GET = apiRoute(async (ctx) => {
  const id = pathId(ctx.params.id, 'No such collection');
  const db = await database();
  const collection = await archivedCollection(db, id);
  const roots = await archiveRoots(db, collection);
  if (roots.length === 0) throw notFound('Nothing of this collection is published yet');
  return new Response(collectionCar(await processBlockStore(), roots), {
    headers: {
      ...archiveDownloadHeaders(collection, 'car', 'application/vnd.ipld.car; version=1'),
      'X-Content-Type-Options': 'nosniff',
    },
  });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/collections/{id}/archive.car',
    operationId: 'getCollectionArchiveCar',
    summary: 'The exit kit: every image and metadata block of a collection (CARv1)',
    description:
      'Every image and metadata block of the collection as a CARv1; its roots are the designs’ metadata directories and the collection document.',
    tag: 'Catalogue',
    auth: 'none',
    params: z.object({ id: z.string() }),
    answer: { status: 200, description: 'The archive, as a download.', contentType: 'application/vnd.ipld.car' },
    errors: [404],
  }),
];
