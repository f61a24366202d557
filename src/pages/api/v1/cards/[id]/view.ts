import { recordCardView } from '~/features/catalogue/cards/cards.server';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { pathId } from '~/server/api/pathId';
import { requestMeta } from '~/server/api/requestMeta';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `POST /api/v1/cards/{id}/view` -> `{counted, views}`: counts a view once per IP and card per hour
 * (a repeat answers 200 with `counted: false`); 404 when the card is unknown or hidden.
 */
export const POST = apiRoute(async (ctx) => {
  const id = pathId(ctx.params.id, 'No such card');
  const result = await recordCardView(await database(), id, requestMeta(ctx).ip);
  if (!result) throw notFound('No such card');
  return json(result);
});
