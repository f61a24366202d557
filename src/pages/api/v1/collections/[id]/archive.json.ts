import { archivedCollection, collectionManifest } from '~/features/media/archive/collectionArchive.server';
import { idParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/collections/{id}/archive.json`: the exit kit's manifest (chain, contract, and for each card its token
 * id, metadata URI and CID, image CID, frozen or not). 404 when unknown or hidden.
 * @see src/features/media/archive/collectionArchive.server.ts
 */
export const GET = apiRoute(async (ctx) => {
  const id = idParam.safeParse(ctx.params.id ?? '');
  if (!id.success) throw notFound('No such collection');
  const db = await database();
  const collection = await archivedCollection(db, id.data);
  if (!collection) throw notFound('No such collection');
  return new Response(JSON.stringify(await collectionManifest(db, collection), null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="kirafuda-collection-${collection.id}.json"`,
      'Cache-Control': 'public, max-age=60',
      'Access-Control-Allow-Origin': '*',
    },
  });
});
