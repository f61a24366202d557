import { getAdminCreator } from '~/features/admin/creators/adminCreators.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { pathId } from '~/server/api/pathId';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/admins/creators/{id}` (admins; id of the illustrator) -> AdminCreatorDetail: projects,
 * balances per chain and currency, recent payouts. Their tokens: `GET /api/v1/admins/card_serials?creator_id=`.
 */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  const id = pathId(ctx.params.id, 'No such creator');
  return json(await getAdminCreator(await database(), id));
});
