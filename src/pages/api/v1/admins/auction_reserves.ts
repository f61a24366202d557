import {
  auctionReserveUpdateSchema,
  listAuctionReserves,
  setAuctionReserve,
} from '~/features/admin/fees/adminAuctionReserves.server';
import { serverChains } from '~/features/chains/config.server';
import { settingsRoutes } from './_settingsRoutes';

/**
 * `GET /api/v1/admins/auction_reserves` (admins) -> AdminAuctionReserves: every chain's auction currencies.
 * `PUT` of `{chain_id, currency_code, min_reserve}` (admins; `min_reserve` in the token's smallest unit as a
 * decimal string, or null for the default) -> AdminAuctionReserves. Stored and audited; applies to auctions listed
 * from then on. 422 for a chain this server does not run or a currency that is not one of its ERC-20s.
 */
export const { GET, PUT } = settingsRoutes({
  schema: auctionReserveUpdateSchema,
  read: (db) => listAuctionReserves(db, serverChains()),
  write: (db, adminId, input) => setAuctionReserve(db, adminId, input, serverChains()),
});
