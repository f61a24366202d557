import { getSettings, settingsUpdateSchema, updateSettings } from '../../../../features/dashboard/settings.server';
import { requireIllustrator } from '../../../../server/api/auth';
import { apiRoute } from '../../../../server/api/handler';
import { readJson } from '../../../../server/api/parse';
import { json } from '../../../../server/api/respond';
import { database } from '../../../../server/db/client';

/** `GET /api/v1/dashboard/settings` (illustrators) -> `{uid, name, nameEn, payoutWalletAddress, walletAddress}`. */
export const GET = apiRoute(async (ctx) => {
  const { illustratorId } = requireIllustrator(ctx);
  return json(await getSettings(await database(), illustratorId));
});

/** `PUT /api/v1/dashboard/settings {name, name_en, payout_wallet_address}` (illustrators) -> the settings. */
export const PUT = apiRoute(async (ctx) => {
  const { illustratorId } = requireIllustrator(ctx);
  const update = await readJson(ctx.request, settingsUpdateSchema);
  return json(await updateSettings(await database(), illustratorId, update));
});
