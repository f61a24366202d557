import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { counterTradeOffer } from '~/features/trading/trade/makeTrade.server';
import { tradeIdParams, tradePayloadSchema } from '~/features/trading/trade/tradePayload';
import { validate } from '~/server/api/parse';
import { tradeOrderRoute } from '../_tradeOrderRoute';

/**
 * `POST /api/v1/trade_offers/{id}/counter` `{ chain_id, order, signature }` (wallet session, the offer's taker) ->
 * 201 `{ trade_offer }`: the taker's own order giving the card asked for, private to the collector (its zone hash
 * names them), for the collector's cards; the answered offer is countered and the collector told. 403 not the
 * taker or not the caller's order, 404, 409 no longer open, 422 an order the rules refuse, 429, 502.
 */
export const POST = tradeOrderRoute((ctx) => {
  const { id } = validate(tradeIdParams, ctx.params);
  return (db, user, input) => counterTradeOffer(db, user, id, input);
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
