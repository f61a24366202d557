import { reportStatusSchema, setReportStatus } from '~/features/admin/reports/adminReports.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { pathId } from '~/server/api/pathId';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `PUT /api/v1/admins/illegal_reports/{id} {status: open|resolved|dismissed}` (admins) -> AdminReportRow. Audited. */
export const PUT = apiRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const id = pathId(ctx.params.id, 'No such report');
  const { status } = await readJson(ctx.request, reportStatusSchema);
  return json(await setReportStatus(await database(), adminId, id, status));
});
