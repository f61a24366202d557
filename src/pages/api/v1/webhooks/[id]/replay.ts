import { eventSeq } from '~/features/developers/feed/eventIds';
import { developerId } from '~/features/developers/keys/developer.server';
import { replayWebhookRoute } from '~/features/developers/openapi/contracts/developers';
import { replayWebhook } from '~/features/developers/webhooks/webhooks.server';
import { apiRoute } from '~/server/api/handler';
import { readJson, validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `POST /api/v1/webhooks/{id}/replay {from_event_id}` -> 202: every event of the endpoint's types from that one on
 * is delivered again, in order (410 when those events are no longer kept, 422 for an id that is not ours).
 */
export const POST = apiRoute(async (ctx) => {
  const userId = developerId(ctx);
  const { id } = validate(replayWebhookRoute.params, ctx.params);
  const { from_event_id } = await readJson(ctx.request, replayWebhookRoute.body);
  const answer = await replayWebhook(await database(), userId, id, eventSeq(from_event_id) ?? 0);
  return json(answer, replayWebhookRoute.answer.status);
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [replayWebhookRoute];
