import { writeRoute } from '~/app/server/writeRoute';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { changeOfCards } from '~/features/events/cardChange.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { sellCardSchema } from '~/features/trading/orders/sellCardPayload';
import { limitListingWrites } from '~/features/trading/orders/tradingLimits.server';
import { submitSellOrder } from '~/features/trading/sell/submitSellOrder.server';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** The card a sell-card payload names. */
const cardOf = (input: { chain_id: number; contract_address: string; token_id: bigint }) => ({
  chainId: input.chain_id,
  contractAddress: input.contract_address,
  tokenId: input.token_id,
});

/**
 * `POST /api/v1/sell_card` {chain_id, contract_address, token_id, price, signature, seller_address, exchange,
 * currency_code, order} -> 201 `{listing, redirect: "/user/{walletAddress}"}` (200 when the same order was
 * stored before). 403 not your wallet, 404 unknown card, 409 order closed, 422 invalid order or chain state,
 * 429 too many, 502 chain not answering. @see spec §3 "Sell-card payload", §7
 */
export const POST = writeRoute(async (ctx) => {
  const user = requireUser(ctx);
  const db = await database();
  await limitListingWrites(db, user.id);
  const input = await readJson(ctx.request, sellCardSchema);
  const { created, listing } = await submitSellOrder(db, user, input);
  return {
    response: json({ listing, redirect: `/user/${user.walletAddress}` }, created ? 201 : 200),
    change: created ? await changeOfCards(db, [cardOf(input)], [user.walletAddress]) : undefined,
  };
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/sell_card',
    operationId: 'listCard',
    summary: 'List a card (a signed Seaport order)',
    tag: 'Trading',
    auth: 'session',
    body: sellCardSchema,
    answer: {
      status: 201,
      description: 'The stored listing.',
      schema: describedObject('Listing', 'The stored listing.'),
    },
    errors: [401, 403, 404, 409, 413, 415, 422, 429, 502],
  }),
];
