import { resolveAdminHold, resolveHoldSchema } from '~/features/admin/money/adminBooks.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { pathId } from '~/server/api/pathId';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `POST /api/v1/admins/books/holds/{id} {note}` (admins) -> AdminBooks: resolves an open hold with what the admin
 * found (audited); payouts in its currency go on. 409 when it is not open, 422 without a note. A later shortfall
 * larger than this one holds them again.
 */
export const POST = apiRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const id = pathId(ctx.params.id, 'No such hold');
  const { note } = await readJson(ctx.request, resolveHoldSchema);
  return json(await resolveAdminHold(await database(), adminId, id, note));
});
