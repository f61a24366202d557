import { adminPaymentQuerySchema, listAdminPayments } from '~/features/admin/money/adminPayments.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/admins/payment_histories?status&currency&from&to&q&page&per_page` (admins) ->
 * Page<AdminPaymentRow>: card payments, newest first; `q` matches the provider's payment id or the wallet.
 */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await listAdminPayments(await database(), readQuery(ctx.url, adminPaymentQuerySchema)));
});
