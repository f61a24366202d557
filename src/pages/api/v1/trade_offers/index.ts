import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { makeTradeOffer } from '~/features/trading/trade/makeTrade.server';
import { tradePayloadSchema } from '~/features/trading/trade/tradePayload';
import { tradeOrderRoute } from './_tradeOrderRoute';

/**
 * `POST /api/v1/trade_offers` `{ chain_id, order, signature }` (wallet session; `order` a Seaport order giving the
 * caller's cards, and optionally coin, for another holder's card: src/features/trading/trade/tradeOrder.ts) -> 201
 * `{ trade_offer }` (200 when stored before); its taker is told. 403 not the caller's order, 404 a card not on the
 * marketplace, 422 an order the rules refuse, 429 past the offers a minute, 502 chain not answering.
 */
export const POST = tradeOrderRoute(() => makeTradeOffer);

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/trade_offers',
    operationId: 'makeTradeOffer',
    summary: 'Offer your cards (and optionally coin) for another holder’s card',
    tag: 'Trading',
    auth: 'session',
    body: tradePayloadSchema,
    answer: {
      status: 201,
      description: '`{trade_offer}` (200 when the same offer was stored before).',
      schema: describedObject('TradeOfferMade', '`{trade_offer}` (200 when the same offer was stored before).'),
    },
    errors: [401, 403, 404, 415, 422, 429, 502],
  }),
];
