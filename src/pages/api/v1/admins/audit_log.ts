import { auditQuerySchema, listAudit } from '~/features/admin/shell/auditLog.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/admins/audit_log?page&per_page&target_type&target_id` (admins) -> Page<AuditEntry>, newest first. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  const query = readQuery(ctx.url, auditQuerySchema);
  return json(
    await listAudit(await database(), {
      page: query.page,
      perPage: query.per_page,
      targetType: query.target_type,
      targetId: query.target_id,
    }),
  );
});
