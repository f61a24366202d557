import { getAdminPayout, payoutReviewSchema, reviewPayout } from '~/features/admin/money/adminPayouts.server';
import { idParam } from '~/lib/params';
import { requireAdmin } from '~/server/api/auth';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

function payoutId(value: string | undefined): number {
  const id = idParam.safeParse(value ?? '');
  if (!id.success) throw notFound('No such payout');
  return id.data;
}

/** `GET /api/v1/admins/payouts/{id}` (admins) -> AdminPayoutDetail (with the illustrator's balance); 404 unknown. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await getAdminPayout(await database(), payoutId(ctx.params.id)));
});

/**
 * `PUT /api/v1/admins/payouts/{id} {action: approve|reject|pay, reason?, tx_hash?}` (admins) ->
 * AdminPayoutDetail. Reject needs a reason, pay a transaction hash (422); 409 when the status does not
 * allow the action. Audited.
 */
export const PUT = apiRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const id = payoutId(ctx.params.id);
  const input = await readJson(ctx.request, payoutReviewSchema);
  return json(await reviewPayout(await database(), adminId, id, input));
});
