import { developerId } from '~/features/developers/keys/developer.server';
import { rotateWebhookSecretRoute } from '~/features/developers/openapi/contracts/developers';
import { rotateWebhookSecret } from '~/features/developers/webhooks/webhooks.server';
import { apiRoute } from '~/server/api/handler';
import { validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `POST /api/v1/webhooks/{id}/rotate_secret` -> `{id, secret, previous_secret_expires_at}` (both sign for 24 h). */
export const POST = apiRoute(async (ctx) => {
  const userId = developerId(ctx);
  const { id } = validate(rotateWebhookSecretRoute.params, ctx.params);
  return json(await rotateWebhookSecret(await database(), userId, id));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [rotateWebhookSecretRoute];
