import { adminCardQuerySchema, listAdminCards } from '~/features/admin/cards/adminCards.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/admins/card_serials?q&chain_id&contract&category_id&creator_id&owner&hidden&reported&page&per_page`
 * (admins) -> Page<AdminCardRow>: every token, hidden ones included, with its report counts.
 */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await listAdminCards(await database(), readQuery(ctx.url, adminCardQuerySchema)));
});
