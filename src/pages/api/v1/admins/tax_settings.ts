import { setTaxSettings } from '~/features/admin/money/adminTax.server';
import { readTaxSettings, taxSettingsSchema } from '~/features/ledger/tax/taxSettings.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/admins/tax_settings` (admins) -> `{withholdPrimary, withholdRoyalty, issuerName, invoiceNumber,
 * payoutCutoffDay, payoutPaymentDay}`.
 */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await readTaxSettings(await database()));
});

/** `PUT /api/v1/admins/tax_settings {…the same}` (admins) -> the settings. Audited; 422 naming a wrong field. */
export const PUT = apiRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const input = await readJson(ctx.request, taxSettingsSchema);
  return json(await setTaxSettings(await database(), adminId, input));
});
