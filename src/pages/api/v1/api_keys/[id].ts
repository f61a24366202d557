import { revokeApiKey } from '~/features/developers/keys/apiKeys.server';
import { revokeApiKeyRoute } from '~/features/developers/openapi/contracts/developers';
import { requireUser } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `DELETE /api/v1/api_keys/{id}` -> the revoked key (signed in; 404 for another user's). */
export const DELETE = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { id } = validate(revokeApiKeyRoute.params, ctx.params);
  return json(await revokeApiKey(await database(), user.id, id));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [revokeApiKeyRoute];
