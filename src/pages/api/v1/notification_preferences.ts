import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { getPreferences, preferencesSchema, setPreferences } from '~/features/notifications/mail/preferences.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/notification_preferences` -> `{preferences: {kind: 'in_app' | 'email' | 'off', ...}}` (every kind). */
export const GET = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  return json({ preferences: await getPreferences(await database(), user.id) });
});

/** `PUT /api/v1/notification_preferences {preferences: {kind: channel}}` -> every kind's; 422 for an unknown one. */
export const PUT = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { preferences } = await readJson(ctx.request, preferencesSchema);
  return json({ preferences: await setPreferences(await database(), user.id, preferences) });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/notification_preferences',
    operationId: 'getNotificationPreferences',
    summary: 'Where each kind of notification goes',
    tag: 'Account',
    auth: 'session',
    answer: {
      status: 200,
      description: "`{preferences: {kind: 'in_app' | 'email' | 'off'}}`.",
      schema: describedObject('NotificationPreferences', "`{preferences: {kind: 'in_app' | 'email' | 'off'}}`."),
    },
    errors: [401],
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/v1/notification_preferences',
    operationId: 'setNotificationPreferences',
    summary: 'Choose where notifications go',
    tag: 'Account',
    auth: 'session',
    body: preferencesSchema,
    answer: {
      status: 200,
      description: "Every kind's channel.",
      schema: describedObject('NotificationPreferences', "Every kind's channel."),
    },
    errors: [401, 415, 422],
  }),
];
