import { createApiKey, listApiKeys } from '~/features/developers/keys/apiKeys.server';
import { createApiKeyRoute, listApiKeysRoute } from '~/features/developers/openapi/contracts/developers';
import { requireUser } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/api_keys` -> `{api_keys}` (signed in; never the secrets). */
export const GET = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  return json({ api_keys: await listApiKeys(await database(), user.id) }, listApiKeysRoute.answer.status);
});

/** `POST /api/v1/api_keys {name}` -> 201 the key with `key`, shown this once (signed in; 409 past ten keys). */
export const POST = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { name } = await readJson(ctx.request, createApiKeyRoute.body);
  return json(await createApiKey(await database(), user.id, name), createApiKeyRoute.answer.status);
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [listApiKeysRoute, createApiKeyRoute];
