import { adminOverview } from '~/features/admin/home/adminOverview.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/admins/overview` (admins) -> AdminOverview: counts and recent activity for /admins. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await adminOverview(await database()));
});
