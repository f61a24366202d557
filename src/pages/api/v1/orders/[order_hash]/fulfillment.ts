import { z } from 'zod';
import { serverChains } from '~/features/chains/config.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { limitFulfilments } from '~/features/trading/orders/tradingLimits.server';
import { uint256Schema } from '~/features/trading/seaport/uintJson';
import { platformConduitKey } from '~/features/trading/terms/sellTerms.server';
import { FulfilmentRefused, fulfilmentData } from '~/features/trading/zone/fulfilmentData.server';
import { zoneSigningOf } from '~/features/trading/zone/signOrderFill.server';
import { addressSchema } from '~/lib/addresses';
import { networkOf } from '~/lib/network';
import { apiRoute } from '~/server/api/handler';
import { readJson, validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { serverSettings } from '~/server/settings/settings.server';
import { orderHashParams } from '../../_orderRoutes';

/** The body: who sends the fill, and for a collection or trait offer the card given. */
export const fulfillmentBodySchema = z.object({
  fulfiller: addressSchema,
  token_id: uint256Schema.optional(),
});

/**
 * `POST /api/v1/orders/{order_hash}/fulfillment {fulfiller, token_id?}` (no sign-in) -> `{protocol,
 * fulfillment_data: {transaction: {function, chain, to, value, input_data: {advancedOrder, criteriaResolvers,
 * fulfillerConduitKey, recipient}}, orders: [{parameters, signature, extraData}]}, order_hash, fulfiller,
 * expires_at}`: the advanced order to fill now, its `extraData` the Kirafuda zone's signature for that fulfiller
 * (valid a few minutes). 404 `{message, reason: 'unknown'}`; 409 `{message, reason}` for an order that cannot be
 * filled now (cancelled, filled, expired, auction, private, or what the chain says); 422 malformed body; 429 past
 * 60 a minute per network; 502 chain not answering; 503 no zone signer.
 */
export const POST = apiRoute(async (ctx) => {
  const { order_hash: orderHash } = validate(orderHashParams, ctx.params);
  const body = await readJson(ctx.request, fulfillmentBodySchema);
  const db = await database();
  await limitFulfilments(db, networkOf(ctx.locals.client.ip));
  const settings = serverSettings();
  try {
    const answer = await fulfilmentData(
      db,
      { orderHash: orderHash as `0x${string}`, fulfiller: body.fulfiller, tokenId: body.token_id },
      {
        chains: serverChains(),
        signing: zoneSigningOf(settings),
        conduitKey: platformConduitKey(settings),
        now: new Date(),
      },
    );
    return json(answer);
  } catch (error) {
    if (error instanceof FulfilmentRefused) return json({ message: error.message, reason: error.reason }, error.status);
    throw error;
  }
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/orders/{order_hash}/fulfillment',
    operationId: 'orderFulfillment',
    summary: "The advanced order to fill now, with the Kirafuda zone's signature for the fulfiller",
    description:
      "OpenSea's fulfillment-data shape: call Seaport's `fulfillAdvancedOrder` with `input_data` before `expires_at`. Refusals carry `reason` (`unknown`, `cancelled`, `filled`, `expired`, `auction`, `private`, or what the chain says).",
    tag: 'Trading',
    auth: 'none',
    params: orderHashParams,
    body: fulfillmentBodySchema,
    answer: {
      status: 200,
      description: '`{protocol, fulfillment_data: {transaction, orders}, order_hash, fulfiller, expires_at}`.',
      schema: describedObject(
        'OrderFulfillment',
        '`{protocol, fulfillment_data: {transaction: {function, chain, to, value, input_data: {advancedOrder, criteriaResolvers, fulfillerConduitKey, recipient}}, orders}, order_hash, fulfiller, expires_at}`.',
      ),
    },
    errors: [404, 409, 415, 422, 429, 502, 503],
  }),
];
