import { adminReportQuerySchema, listAdminReports } from '~/features/admin/reports/adminReports.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/admins/illegal_reports?status&card_id&page&per_page` (admins) -> Page<AdminReportRow>, newest first. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await listAdminReports(await database(), readQuery(ctx.url, adminReportQuerySchema)));
});
