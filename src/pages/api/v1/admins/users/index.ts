import { listUsers, userListQuerySchema } from '~/features/admin/users/adminUsers.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/admins/users?q&role&suspended&page&per_page` (admins) -> Page<AdminUserRow>, newest first;
 * `q` matches the wallet, profile name, illustrator ID or name.
 */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await listUsers(await database(), readQuery(ctx.url, userListQuerySchema)));
});
