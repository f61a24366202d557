import { onboardingLink, paymentAccount } from '~/features/payments/connect.server';
import { requireIllustrator } from '~/features/session/requireAuth.server';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { siteOrigins } from '~/server/http/site';
import { serverSettings } from '~/server/settings/settings.server';
import { stripeSettings } from '~/server/stripe.server';

/** `GET /api/v1/dashboard/payment_account` (illustrators) -> `{ connected, status }` (pending, verified, restricted). */
export const GET = apiRoute(async (ctx) => {
  const settings = stripeSettings(serverSettings());
  if (!settings) throw notFound('Card payments are not configured');
  const { illustratorId } = requireIllustrator(ctx);
  return json(await paymentAccount(await database(), illustratorId, settings));
});

/**
 * `POST /api/v1/dashboard/payment_account` (illustrators) -> `{ url }`: Stripe's onboarding page for their
 * Connect Express account (created once). It returns to the dashboard settings. 404 when card payments are
 * off; 502 when Stripe does not answer.
 */
export const POST = apiRoute(async (ctx) => {
  const settings = stripeSettings(serverSettings());
  if (!settings) throw notFound('Card payments are not configured');
  const illustrator = requireIllustrator(ctx);
  const [origin = ctx.url.origin] = [...siteOrigins(serverSettings()).origins];
  const url = await onboardingLink(await database(), illustrator, settings, `${origin}/dashboard/settings`);
  return json({ url });
});
