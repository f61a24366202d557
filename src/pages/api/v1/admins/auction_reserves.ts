import {
  auctionReserveUpdateSchema,
  listAuctionReserves,
  setAuctionReserve,
} from '~/features/admin/fees/adminAuctionReserves.server';
import { serverChains } from '~/features/chains/config.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/admins/auction_reserves` (admins) -> AdminAuctionReserves: every chain's auction currencies. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await listAuctionReserves(await database(), serverChains()));
});

/**
 * `PUT /api/v1/admins/auction_reserves {chain_id, currency_code, min_reserve}` (admins; `min_reserve` in the
 * token's smallest unit as a decimal string, or null for the default) -> AdminAuctionReserves. Stored and
 * audited; applies to auctions listed from then on. 422 for a chain this server does not run or a currency
 * that is not one of its ERC-20s.
 */
export const PUT = apiRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const input = await readJson(ctx.request, auctionReserveUpdateSchema);
  return json(await setAuctionReserve(await database(), adminId, input, serverChains()));
});
