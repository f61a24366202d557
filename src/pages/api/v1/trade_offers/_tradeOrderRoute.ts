/**
 * The routes that store a signed trade order (`POST /api/v1/trade_offers` makes an offer,
 * `POST /api/v1/trade_offers/{id}/counter` counters one), written once: the wallet session, the offers a minute, the
 * `{ chain_id, order, signature }` body, then 201 `{ trade_offer }` telling the card's pages and both wallets (200
 * when the same order was stored before: nothing changed). Not a route itself (its name starts with `_`).
 */
import type { APIContext } from 'astro';
import { writeRoute } from '~/app/server/writeRoute';
import { changeOfCards } from '~/features/events/cardChange.server';
import { requireUser } from '~/features/session/requireAuth.server';
import type { SessionUser } from '~/features/session/types';
import { limitOfferWrites } from '~/features/trading/orders/tradingLimits.server';
import type { TradeOfferRow } from '~/features/trading/trade/tradeOffers.server';
import { type TradePayload, tradePayloadSchema } from '~/features/trading/trade/tradePayload';
import { networkOf } from '~/lib/network';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import type { Database } from '~/server/db/types';

/** Stores the caller's trade order: the row, and whether it is new. */
export type StoreTrade = (
  db: Database,
  user: SessionUser,
  input: TradePayload,
) => Promise<{ row: TradeOfferRow; created: boolean }>;

/** The change a trade offer's new state makes: its card's pages, and the pages of the wallets named. */
export function changeOfTrade(db: Database, row: TradeOfferRow, wallets: string[]) {
  return changeOfCards(
    db,
    [{ chainId: row.chainId, contractAddress: row.contractAddress, tokenId: row.tokenId }],
    wallets,
  );
}

/** The `POST` of a route that stores a trade order; `storeOf` reads the route's path (before the database). */
export function tradeOrderRoute(storeOf: (ctx: APIContext) => StoreTrade) {
  return writeRoute(async (ctx) => {
    const user = requireUser(ctx);
    const store = storeOf(ctx);
    const db = await database();
    await limitOfferWrites(db, user.id, networkOf(ctx.locals.client.ip));
    const input = await readJson(ctx.request, tradePayloadSchema);
    const { row, created } = await store(db, user, input);
    const response = json({ trade_offer: row }, created ? 201 : 200);
    if (!created) return { response };
    return { response, change: await changeOfTrade(db, row, [user.walletAddress, row.takerAddress]) };
  });
}
