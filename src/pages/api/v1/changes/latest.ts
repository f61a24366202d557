import { lastChange } from '~/features/events/lastChange.server';
import { topicsSchema } from '~/features/events/topics';
import { apiRoute } from '~/server/api/handler';
import { validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/changes/latest?topics=card:12,cards` -> `{"changedAt": "2026-03-01T12:00:00.123456Z" | null}`: when
 * any of those cache tags last changed (null when none did yet). A live page whose stream was refused
 * (`GET /api/v1/changes` answered 503) asks it every minute and fetches itself again when it moves
 * (src/features/events/followStream.ts). 422 for unknown topics.
 */
export const GET = apiRoute(async (ctx) => {
  const topics = validate(topicsSchema, ctx.url.searchParams.get('topics') ?? undefined);
  return json({ changedAt: await lastChange(await database(), topics) });
});
