import { writeRoute } from '~/app/server/writeRoute';
import { getUser, updateUser, userUpdateSchema } from '~/features/admin/users/adminUsers.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { idParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

function userId(value: string | undefined): number {
  const id = idParam.safeParse(value ?? '');
  if (!id.success) throw notFound('No such user');
  return id.data;
}

/** `GET /api/v1/admins/users/{id}` (admins) -> AdminUserDetail; 404 unknown. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await getUser(await database(), userId(ctx.params.id)));
});

/**
 * `PUT /api/v1/admins/users/{id} {role?, uid?, password?, name?, name_en?, suspended?}` (admins) ->
 * AdminUserDetail. Making a user an illustrator needs `uid` and an initial `password`; audited.
 * 404 unknown, 409 taken uid, 422 invalid or missing fields.
 */
export const PUT = writeRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const id = userId(ctx.params.id);
  const update = await readJson(ctx.request, userUpdateSchema);
  const user = await updateUser(await database(), adminId, id, update);
  // A new or former illustrator, a suspension: their page, the creators' lists and their cards' pages.
  return { response: json(user), change: { users: [user.walletAddress], lists: true, allCards: true } };
});
