import { eq } from 'drizzle-orm';
import { getAdminPayout, payoutReviewSchema, reviewPayout } from '~/features/admin/money/adminPayouts.server';
import { assertTransferable, isYenPayout, transferPayout } from '~/features/payments/payoutTransfers.server';
import { stripeSettings } from '~/server/stripe.server';
import { idParam } from '~/lib/params';
import { requireAdmin } from '~/server/api/auth';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { payouts } from '~/server/db/schema';

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
 * allow the action. With card payments on, approving a yen payout transfers it to the illustrator's verified
 * Stripe account first (422 without one, 502 when Stripe refuses); Stripe's `transfer.created` marks it paid.
 * Audited.
 */
export const PUT = apiRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const id = payoutId(ctx.params.id);
  const input = await readJson(ctx.request, payoutReviewSchema);
  const db = await database();
  const settings = stripeSettings();
  if (settings && input.action === 'approve') {
    const [payout] = await db.select().from(payouts).where(eq(payouts.id, id));
    // A yen payout is approved by transferring it (once: keyed by the payout) to the illustrator's account.
    if (payout?.status === 'requested' && isYenPayout(payout)) {
      await assertTransferable(db, payout.illustratorId);
      await transferPayout(db, id, settings);
    }
  }
  return json(await reviewPayout(db, adminId, id, input));
});
