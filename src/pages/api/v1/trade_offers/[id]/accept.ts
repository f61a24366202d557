import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { requireUser } from '~/features/session/requireAuth.server';
import { limitFulfilments } from '~/features/trading/orders/tradingLimits.server';
import { platformConduitKey } from '~/features/trading/terms/sellTerms.server';
import { acceptTradeOffer } from '~/features/trading/trade/answerTrade.server';
import { tradeIdParams } from '~/features/trading/trade/tradePayload';
import { zoneSigningOf } from '~/features/trading/zone/signOrderFill.server';
import { networkOf } from '~/lib/network';
import { apiRoute } from '~/server/api/handler';
import { validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { serverSettings } from '~/server/settings/settings.server';

/**
 * `POST /api/v1/trade_offers/{id}/accept` (wallet session, the offer's taker) -> `{ trade_offer_id, chain_id,
 * seaport, order, advanced_order, fulfiller_conduit_key, expires_at }`: the fill to send to Seaport now
 * (`fulfillAdvancedOrder`), signed by the zone for the caller; the offer is accepted when the chain has the fill.
 * Changes nothing here. 403 not the taker, 404 unknown, 409 no longer open, 429, 503 no zone signer.
 */
export const POST = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { id } = validate(tradeIdParams, ctx.params);
  const db = await database();
  await limitFulfilments(db, networkOf(ctx.locals.client.ip));
  const settings = serverSettings();
  return json(
    await acceptTradeOffer(db, user, id, {
      signing: zoneSigningOf(settings),
      conduitKey: platformConduitKey(settings),
    }),
  );
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/trade_offers/{id}/accept',
    operationId: 'acceptTradeOffer',
    summary: 'The fill of a trade offer for its taker, signed by the zone',
    tag: 'Trading',
    auth: 'session',
    params: tradeIdParams,
    answer: {
      status: 200,
      description: '`{trade_offer_id, chain_id, seaport, order, advanced_order, fulfiller_conduit_key, expires_at}`.',
      schema: describedObject(
        'TradeFill',
        '`{trade_offer_id, chain_id, seaport, order, advanced_order, fulfiller_conduit_key, expires_at}`: call `fulfillAdvancedOrder(advanced_order, [], fulfiller_conduit_key, 0x0)` before `expires_at`.',
      ),
    },
    errors: [401, 403, 404, 409, 422, 429, 503],
  }),
];
