import { developerId } from '~/features/developers/keys/developer.server';
import { createWebhookRoute, listWebhooksRoute } from '~/features/developers/openapi/contracts/developers';
import { currentWebhookSettings } from '~/features/developers/webhooks/webhookSettings';
import { createWebhook, listWebhooks } from '~/features/developers/webhooks/webhooks.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/webhooks` -> `{webhooks}` (an API key or the session). */
export const GET = apiRoute(async (ctx) => {
  return json({ webhooks: await listWebhooks(await database(), developerId(ctx)) }, listWebhooksRoute.answer.status);
});

/**
 * `POST /api/v1/webhooks {url, events}` -> 201 `{id, …, secret}` (`whsec_…`, shown this once); 422 for a URL
 * that is not a public https address or an unknown event type, 409 past ten endpoints.
 */
export const POST = apiRoute(async (ctx) => {
  const userId = developerId(ctx);
  const input = await readJson(ctx.request, createWebhookRoute.body);
  const { allowLoopback } = currentWebhookSettings();
  const made = await createWebhook(await database(), userId, input, { allowLoopback });
  return json(made, createWebhookRoute.answer.status);
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [listWebhooksRoute, createWebhookRoute];
