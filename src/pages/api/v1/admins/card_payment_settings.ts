import {
  cardPaymentSettingsSchema,
  readCardPaymentSettings,
  setCardPaymentSettings,
} from '~/features/admin/fees/cardPaymentSettings.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/admins/card_payment_settings` (admins) -> `{platformFeeBps, providerFeeBps, payableHoldDays}`. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await readCardPaymentSettings(await database()));
});

/**
 * `PUT /api/v1/admins/card_payment_settings {platform_fee_bps, provider_fee_bps, payable_hold_days}` (admins;
 * fees 0..5000 bp, hold 0..120 days) -> the settings. Audited; 422 out of range.
 */
export const PUT = apiRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const input = await readJson(ctx.request, cardPaymentSettingsSchema);
  return json(await setCardPaymentSettings(await database(), adminId, input));
});
