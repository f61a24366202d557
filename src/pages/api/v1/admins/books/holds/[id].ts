import { resolveAdminHold, resolveHoldSchema } from '~/features/admin/money/adminBooks.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { idParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `POST /api/v1/admins/books/holds/{id} {note}` (admins) -> AdminBooks: resolves an open hold with what the admin
 * found (audited); payouts in its currency go on. 409 when it is not open, 422 without a note. A later shortfall
 * larger than this one holds them again.
 */
export const POST = apiRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const id = idParam.safeParse(ctx.params.id ?? '');
  if (!id.success) throw notFound('No such hold');
  const { note } = await readJson(ctx.request, resolveHoldSchema);
  return json(await resolveAdminHold(await database(), adminId, id.data, note));
});
