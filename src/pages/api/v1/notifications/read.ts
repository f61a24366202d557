import { z } from 'zod';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { markRead } from '~/features/notifications/inbox.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const body = z.object({
  ids: z.array(z.number().int().positive()).max(100, 'at most 100 ids').optional(),
});

/** `POST /api/v1/notifications/read {ids?}` -> `{unread}`: those (or, without `ids`, all) are read. */
export const POST = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { ids } = await readJson(ctx.request, body);
  return json({ unread: await markRead(await database(), user.id, ids) });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/notifications/read',
    operationId: 'markNotificationsRead',
    summary: 'Mark notifications read',
    tag: 'Account',
    auth: 'session',
    body: body,
    answer: { status: 200, description: '`{unread}`.', schema: describedObject('Unread', '`{unread}`.') },
    errors: [401, 415, 422],
  }),
];
