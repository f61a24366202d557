import { getAdminPayout, reviewAdminPayout } from '~/features/admin/money/adminPayouts.server';
import { payoutReviewSchema } from '~/features/ledger/payoutReview.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { pathId } from '~/server/api/pathId';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { serverSettings } from '~/server/settings/settings.server';
import { stripeSettings } from '~/server/stripe.server';

/** The `{id}` of the path, or 404. */
const payoutId = (value: string | undefined): number => pathId(value, 'No such payout');

/** `GET /api/v1/admins/payouts/{id}` (admins) -> AdminPayoutDetail (with the illustrator's balance); 404 unknown. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await getAdminPayout(await database(), payoutId(ctx.params.id), stripeSettings(serverSettings())));
});

/**
 * `PUT /api/v1/admins/payouts/{id} {action: approve|transfer|pay|reject|reverse, reason?, tx_hash?}` (admins) ->
 * AdminPayoutDetail. Reject and reverse need a reason, pay on chain a transaction hash (422); 409 when the status
 * does not allow the action or the currency is held by the reconciliation; with card payments on, approving a
 * yen payout transfers it to the illustrator's verified Stripe account (422 without one, 502 when Stripe does
 * not answer: it stays approved, to transfer again). Audited. @see src/features/ledger/payoutReview.server.ts
 */
export const PUT = apiRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const input = await readJson(ctx.request, payoutReviewSchema);
  return json(
    await reviewAdminPayout(
      await database(),
      adminId,
      payoutId(ctx.params.id),
      input,
      stripeSettings(serverSettings()),
    ),
  );
});
