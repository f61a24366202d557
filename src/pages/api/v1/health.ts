import { sql } from 'drizzle-orm';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { listenerCount } from '~/features/events/hub';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { pageStore } from '~/server/cache/pageCache';
import { getDatabase } from '~/server/db/client';
import { eventLoopDelaySummary } from '~/server/serve/eventLoop';

/**
 * `GET /api/v1/health` -> `{ status, database, eventLoopDelayMs: { p50, p99, max }, pageCache: { pages, bytes },
 * liveStreams }`: 200 when the database answers, 503 otherwise. For load balancers and operators
 * (docs/operations.md); nothing in it is personal or secret.
 */
export const GET = apiRoute(async () => {
  const figures = {
    eventLoopDelayMs: eventLoopDelaySummary(),
    pageCache: { pages: pageStore()?.size ?? 0, bytes: pageStore()?.bytes ?? 0 },
    liveStreams: listenerCount(),
  };
  try {
    const handle = await getDatabase();
    await handle.db.execute(sql`select 1`);
    return json({ status: 'ok', database: handle.kind, ...figures });
  } catch {
    return json({ status: 'unavailable', database: null, ...figures }, 503);
  }
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/health',
    operationId: 'getHealth',
    summary: 'Whether this server and its database answer',
    tag: 'Developers',
    auth: 'none',
    answer: {
      status: 200,
      description: '`{status, database, eventLoopDelayMs, pageCache, …}`.',
      schema: describedObject('Health', '`{status, database, eventLoopDelayMs, pageCache, …}`.'),
    },
    errors: [503],
  }),
];
