import { adminCreatorQuerySchema, listAdminCreators } from '~/features/admin/creators/adminCreators.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/admins/creators?q&page&per_page` (admins) -> Page<AdminCreatorRow>, suspended ones included. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await listAdminCreators(await database(), readQuery(ctx.url, adminCreatorQuerySchema)));
});
