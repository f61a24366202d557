import { writeRoute } from '~/app/server/writeRoute';
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
