import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';

/** `GET /api/v1/admins/current_admin` -> `{currentAdmin: {uid}}`. */
export const GET = apiRoute((ctx) => {
  const { uid } = requireAdmin(ctx);
  return json({ currentAdmin: { uid } });
});
