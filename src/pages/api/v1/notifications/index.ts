import { z } from 'zod';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { localeCodes } from '~/features/i18n/locales';
import { getT } from '~/features/i18n/t';
import { deleteNotifications, listNotifications } from '~/features/notifications/inbox.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { idParam } from '~/lib/params';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const query = z.object({ before: idParam.optional(), locale: z.enum(localeCodes).optional() });

/**
 * `GET /api/v1/notifications[?before={id}][&locale=ja|en]` -> `{items: [{id, kind, text, path, params, read, createdAt}], unread}`:
 * the signed-in user's, newest first, 30 a page (`before` the last id for the next), in `locale` (else the request's).
 */
export const GET = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { before, locale } = readQuery(ctx.url, query);
  const t = locale ? getT(locale) : ctx.locals.t;
  return json(await listNotifications(await database(), user.id, t, { before }));
});

/** `DELETE /api/v1/notifications` -> 204: every notification of the signed-in user is erased. */
export const DELETE = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  await deleteNotifications(await database(), user.id);
  return new Response(null, { status: 204 });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/notifications',
    operationId: 'listNotifications',
    summary: "The signed-in user's notifications",
    tag: 'Account',
    auth: 'session',
    query: query,
    answer: {
      status: 200,
      description: '`{items: [{id, kind, text, path, params, read, createdAt}], unread}`.',
      schema: describedObject('Notifications', '`{items: [{id, kind, text, path, params, read, createdAt}], unread}`.'),
    },
    errors: [401, 422],
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/notifications',
    operationId: 'deleteNotifications',
    summary: 'Erase every notification',
    tag: 'Account',
    auth: 'session',
    answer: { status: 204, description: 'Erased.' },
    errors: [401],
  }),
];
