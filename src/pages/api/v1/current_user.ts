import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { requireUser } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';

/** `GET /api/v1/current_user` -> `{currentUser}`; 401 (TOKEN_EXPIRED when the access token aged out). */
export const GET = apiRoute((ctx) => json({ currentUser: requireUser(ctx) }));

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/current_user',
    operationId: 'getCurrentUser',
    summary: 'The signed-in user',
    tag: 'Account',
    auth: 'session',
    answer: {
      status: 200,
      description: '`{currentUser}`.',
      schema: describedObject('CurrentUser', '`{currentUser}`.'),
    },
    errors: [401],
  }),
];
