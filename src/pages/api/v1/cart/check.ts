import { z } from 'zod';
import { configuredChain } from '~/features/chains/chainReads.server';
import { serverChains } from '~/features/chains/config.server';
import { chainIdParam } from '~/features/chains/params';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { checkCart } from '~/features/trading/cart/cartCheck.server';
import { MAX_CART_ITEMS } from '~/features/trading/cart/cartModel';
import { limitCartChecks } from '~/features/trading/orders/tradingLimits.server';
import { platformFeeRecipient } from '~/features/trading/terms/platformAccounts.server';
import { platformConduitKey } from '~/features/trading/terms/sellTerms.server';
import { zoneSigningOf } from '~/features/trading/zone/signOrderFill.server';
import { addressSchema } from '~/lib/addresses';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { serverSettings } from '~/server/settings/settings.server';

const orderHash = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte hex order hash')
  .transform((hash) => hash.toLowerCase());

const body = z.object({
  chain_id: chainIdParam,
  buyer: addressSchema.optional(),
  order_hashes: z
    .array(orderHash)
    .min(1, 'must name at least one order')
    .max(MAX_CART_ITEMS, `must name at most ${MAX_CART_ITEMS} orders`)
    .refine((hashes) => new Set(hashes).size === hashes.length, 'must not name an order twice'),
});

/**
 * `POST /api/v1/cart/check {chain_id, order_hashes, buyer?}` (1 to 30 unique order hashes; no sign-in) ->
 * `{chainId, orders: [{orderHash, buyable, reason, listing}]}` in the order asked: whether each listing can be
 * bought now, read fresh from the chain (owner, approval, counter, status, time window, royalty, signature)
 * and its fill simulated from `buyer` (a stand-in when absent) with fee fields, with the signed order to buy
 * it. An unknown hash is `buyable: false, reason: 'unknown', listing: null`. 422 for a
 * malformed body or a chain not run here, 429 past 20 checks a minute, 502 when the chain does not answer.
 */
export const POST = apiRoute(async (ctx) => {
  const { chain_id: chainId, order_hashes: hashes, buyer } = await readJson(ctx.request, body);
  const chain = configuredChain(serverChains(), chainId);
  const db = await database();
  await limitCartChecks(db, ctx.locals.client.ip);
  const orders = await checkCart(db, chain, hashes, {
    feeRecipient: platformFeeRecipient(serverSettings()),
    conduitKey: platformConduitKey(serverSettings()),
    signing: zoneSigningOf(serverSettings()),
    buyer,
  });
  return json({ chainId: chain.chainId, orders });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/cart/check',
    operationId: 'checkCart',
    summary: 'Whether listings can be bought now (read from the chain)',
    tag: 'Trading',
    auth: 'none',
    body: body,
    answer: {
      status: 200,
      description: '`{chainId, orders: [{orderHash, buyable, reason, listing}]}` in the order asked.',
      schema: describedObject(
        'CartCheck',
        '`{chainId, orders: [{orderHash, buyable, reason, listing}]}` in the order asked.',
      ),
    },
    errors: [415, 422, 429, 502],
  }),
];
