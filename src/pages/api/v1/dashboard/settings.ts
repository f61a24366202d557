import { writeRoute } from '~/app/server/writeRoute';
import { getSettings, settingsUpdateSchema, updateSettings } from '~/features/dashboard/settings.server';
import { confirmIllustratorPassword } from '~/features/session/passwordSignIn.server';
import { requireIllustrator } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { requestMeta } from '~/server/api/requestMeta';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/dashboard/settings` (illustrators) -> `{uid, name, nameEn, payoutWalletAddress, walletAddress}`. */
export const GET = apiRoute(async (ctx) => {
  const { illustratorId } = requireIllustrator(ctx);
  return json(await getSettings(await database(), illustratorId));
});

/**
 * `PUT /api/v1/dashboard/settings {name, name_en, payout_wallet_address, current_password}` (illustrators) ->
 * the settings; changing the payout wallet needs `current_password` (422 without it or when wrong).
 */
export const PUT = writeRoute(async (ctx) => {
  const { illustratorId } = requireIllustrator(ctx);
  const update = await readJson(ctx.request, settingsUpdateSchema);
  const db = await database();
  const confirm = (password: string | undefined) =>
    confirmIllustratorPassword(db, illustratorId, password, requestMeta(ctx).ip);
  const settings = await updateSettings(db, illustratorId, update, confirm);
  // The illustrator's names show on their pages, in lists and on their cards' pages.
  return {
    response: json(settings),
    change: { creators: [illustratorId], users: [settings.walletAddress], lists: true, allCards: true },
  };
});
