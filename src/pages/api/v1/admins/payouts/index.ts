import { adminPayoutQuerySchema, listAdminPayouts } from '~/features/admin/money/adminPayouts.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/admins/payouts?status&illustrator_id&page&per_page` (admins) -> Page<AdminPayoutRow>, newest first. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await listAdminPayouts(await database(), readQuery(ctx.url, adminPayoutQuerySchema)));
});
