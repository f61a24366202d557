import { writeRoute } from '~/app/server/writeRoute';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { requireUser } from '~/features/session/requireAuth.server';
import { limitOfferWrites } from '~/features/trading/orders/tradingLimits.server';
import { declineTrade } from '~/features/trading/trade/answerTrade.server';
import { tradeIdParams } from '~/features/trading/trade/tradePayload';
import { networkOf } from '~/lib/network';
import { validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { changeOfTrade } from '../_tradeOrderRoute';

/**
 * `POST /api/v1/trade_offers/{id}/decline` (wallet session, the offer's taker) -> `{ trade_offer }`: ended at once
 * without gas (the zone signs no fill of it after); its offerer is told. 403 not the taker, 404 unknown, 409 no
 * longer open, 429.
 */
export const POST = writeRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { id } = validate(tradeIdParams, ctx.params);
  const db = await database();
  await limitOfferWrites(db, user.id, networkOf(ctx.locals.client.ip));
  const row = await declineTrade(db, user, id);
  const change = await changeOfTrade(db, row, [user.walletAddress, row.offererAddress]);
  return { response: json({ trade_offer: row }), change };
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/trade_offers/{id}/decline',
    operationId: 'declineTradeOffer',
    summary: 'Decline a trade offer (no gas: it can no longer be filled)',
    tag: 'Trading',
    auth: 'session',
    params: tradeIdParams,
    answer: {
      status: 200,
      description: '`{trade_offer}`.',
      schema: describedObject('TradeDeclined', '`{trade_offer}`.'),
    },
    errors: [401, 403, 404, 409, 422, 429],
  }),
];
