import { writeRoute } from '~/app/server/writeRoute';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { changeOfCards } from '~/features/events/cardChange.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { limitOfferWrites } from '~/features/trading/orders/tradingLimits.server';
import { counterTradeOffer } from '~/features/trading/trade/makeTrade.server';
import { tradeIdParams, tradePayloadSchema } from '~/features/trading/trade/tradePayload';
import { networkOf } from '~/lib/network';
import { readJson, validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `POST /api/v1/trade_offers/{id}/counter` `{ chain_id, order, signature }` (wallet session, the offer's taker) ->
 * 201 `{ trade_offer }`: the taker's own order giving the card asked for, private to the collector (its zone hash
 * names them), for the collector's cards; the answered offer is countered and the collector told. 403 not the
 * taker or not the caller's order, 404, 409 no longer open, 422 an order the rules refuse, 429, 502.
 */
export const POST = writeRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { id } = validate(tradeIdParams, ctx.params);
  const db = await database();
  await limitOfferWrites(db, user.id, networkOf(ctx.locals.client.ip));
  const input = await readJson(ctx.request, tradePayloadSchema);
  const { row, created } = await counterTradeOffer(db, user, id, input);
  const response = json({ trade_offer: row }, created ? 201 : 200);
  if (!created) return { response };
  const change = await changeOfCards(
    db,
    [{ chainId: row.chainId, contractAddress: row.contractAddress, tokenId: row.tokenId }],
    [user.walletAddress, row.takerAddress],
  );
  return { response, change };
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/trade_offers/{id}/counter',
    operationId: 'counterTradeOffer',
    summary: 'Counter a trade offer with a private order to its collector',
    tag: 'Trading',
    auth: 'session',
    params: tradeIdParams,
    body: tradePayloadSchema,
    answer: {
      status: 201,
      description: '`{trade_offer}` (the counter; 200 when stored before).',
      schema: describedObject('TradeCountered', '`{trade_offer}` (the counter; 200 when stored before).'),
    },
    errors: [401, 403, 404, 409, 415, 422, 429, 502],
  }),
];
