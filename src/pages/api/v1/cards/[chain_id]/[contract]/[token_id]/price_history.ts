import { z } from 'zod';
import { getCard } from '~/features/catalogue/cards/cards.server';
import { chainIdParam } from '~/features/chains/params';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { cardPriceHistory } from '~/features/market/priceHistory.server';
import { addressSchema } from '~/lib/addresses';
import { tokenIdParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/cards/{chain_id}/{contract}/{token_id}/price_history` -> `{ sales, asks }`: the token chart's
 * points, oldest first: every sale (`at`, `price`, `currencyCode`, `from`, `to`, `txHash`) and every listing's
 * ask (`at`, `price`, `currencyCode`, `status`). 404 when the card is unknown, hidden or malformed.
 */
export const GET = apiRoute(async (ctx) => {
  const chainId = chainIdParam.safeParse(ctx.params.chain_id ?? '');
  const contract = addressSchema.safeParse(ctx.params.contract ?? '');
  const tokenId = tokenIdParam.safeParse(ctx.params.token_id ?? '');
  if (!chainId.success || !contract.success || !tokenId.success) throw notFound('No such card');
  const db = await database();
  const ref = { chainId: chainId.data, contractAddress: contract.data, tokenId: tokenId.data };
  if (!(await getCard(db, ref))) throw notFound('No such card');
  return json(await cardPriceHistory(db, ref));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/cards/{chain_id}/{contract}/{token_id}/price_history',
    operationId: 'getCardPriceHistory',
    summary: "A card's sales and asks over time",
    tag: 'Market',
    auth: 'none',
    params: z.object({ chain_id: z.string(), contract: z.string(), token_id: z.string() }),
    answer: {
      status: 200,
      description: "`{sales, asks}`: the points of the token's price chart.",
      schema: describedObject('CardPriceHistory', "`{sales, asks}`: the points of the token's price chart."),
    },
    errors: [404, 422],
  }),
];
