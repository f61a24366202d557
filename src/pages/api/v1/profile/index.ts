import { writeRoute } from '~/app/server/writeRoute';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { getProfile, profileUpdateSchema, updateProfileName } from '~/features/profiles/profiles.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/profile` -> the signed-in user's Profile `{id, walletAddress, name, image: {icon, thumb}}`. */
export const GET = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  return json(await getProfile(await database(), user.id));
});

/** `PUT /api/v1/profile {name}` (1-40 characters, trimmed) -> the updated Profile. */
export const PUT = writeRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { name } = await readJson(ctx.request, profileUpdateSchema);
  const profile = await updateProfileName(await database(), user.id, name);
  return { response: json(profile), change: { users: [user.walletAddress] } };
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/profile',
    operationId: 'getProfile',
    summary: "The signed-in user's profile",
    tag: 'Account',
    auth: 'session',
    answer: {
      status: 200,
      description: '`{id, walletAddress, name, image: {icon, thumb}}`.',
      schema: describedObject('Profile', '`{id, walletAddress, name, image: {icon, thumb}}`.'),
    },
    errors: [401],
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/v1/profile',
    operationId: 'setProfileName',
    summary: 'Change the profile name',
    tag: 'Account',
    auth: 'session',
    body: profileUpdateSchema,
    answer: {
      status: 200,
      description: 'The updated profile.',
      schema: describedObject('Profile', 'The updated profile.'),
    },
    errors: [401, 415, 422],
  }),
];
