import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { logoutRoute } from './_logoutRoute';

/** `DELETE /api/v1/session`: logout (also used when a refresh fails). Always clears the cookies. */
export const DELETE = logoutRoute('user');

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/session',
    operationId: 'signOut',
    summary: 'Sign out (clears the session cookies)',
    tag: 'Account',
    auth: 'none',
    answer: { status: 200, description: 'Signed out.', schema: describedObject('SignedOut', 'Signed out.') },
    errors: [],
  }),
];
