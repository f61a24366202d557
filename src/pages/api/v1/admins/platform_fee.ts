import { writeRoute } from '~/app/server/writeRoute';
import { feeUpdateSchema, listFees, setFee } from '~/features/admin/fees/adminFees.server';
import { serverChains } from '~/features/chains/config.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const feeChains = () => serverChains().map((chain) => ({ chainId: chain.chainId, chainName: chain.chainName }));

/** `GET /api/v1/admins/platform_fee` (admins) -> AdminFees: the fee of every configured chain. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await listFees(await database(), feeChains()));
});

/**
 * `PUT /api/v1/admins/platform_fee {chain_id, fee_bps}` (admins; 0..1000 bp) -> AdminFees. Stored and
 * audited; applies to listings signed from then on (Seaport keeps no fee on chain). 422 out of range or
 * for a chain this server does not run.
 */
export const PUT = writeRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const input = await readJson(ctx.request, feeUpdateSchema);
  const fees = await setFee(await database(), adminId, input, feeChains());
  // Every token page shows the fee a seller pays there.
  return { response: json(fees), change: { allCards: true } };
});
