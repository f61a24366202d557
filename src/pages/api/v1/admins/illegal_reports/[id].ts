import { reportStatusSchema, setReportStatus } from '~/features/admin/reports/adminReports.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { idParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `PUT /api/v1/admins/illegal_reports/{id} {status: open|resolved|dismissed}` (admins) -> AdminReportRow. Audited. */
export const PUT = apiRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const id = idParam.safeParse(ctx.params.id ?? '');
  if (!id.success) throw notFound('No such report');
  const { status } = await readJson(ctx.request, reportStatusSchema);
  return json(await setReportStatus(await database(), adminId, id.data, status));
});
