import { developerId } from '~/features/developers/keys/developer.server';
import { deleteWebhookRoute } from '~/features/developers/openapi/contracts/developers';
import { deleteWebhook } from '~/features/developers/webhooks/webhooks.server';
import { apiRoute } from '~/server/api/handler';
import { validate } from '~/server/api/parse';
import { database } from '~/server/db/client';

/** `DELETE /api/v1/webhooks/{id}` -> 204 (an API key or the session; 404 for another's). */
export const DELETE = apiRoute(async (ctx) => {
  const userId = developerId(ctx);
  const { id } = validate(deleteWebhookRoute.params, ctx.params);
  await deleteWebhook(await database(), userId, id);
  return new Response(null, { status: deleteWebhookRoute.answer.status, headers: { 'Cache-Control': 'no-store' } });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [deleteWebhookRoute];
