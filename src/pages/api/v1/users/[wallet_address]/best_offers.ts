import { z } from 'zod';
import { serverChains } from '~/features/chains/config.server';
import { chainIdParam } from '~/features/chains/params';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { bestOffersForCards, MAX_SELL_NOW_CARDS } from '~/features/trading/offer/bestOffers.server';
import { addressSchema } from '~/lib/addresses';
import { notFound, unprocessable } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const CARD = /^(0x[0-9a-fA-F]{40}):(\d{1,78})$/;

/** `?chain_id&cards=contract:token_id,...` (at most {@link MAX_SELL_NOW_CARDS} cards). */
const bestOffersQuery = z.object({
  chain_id: chainIdParam,
  cards: z
    .string()
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(z.string().regex(CARD, 'contract:token_id')).min(1).max(MAX_SELL_NOW_CARDS))
    .transform((list) =>
      list.map((entry) => {
        const [, contractAddress = '', tokenId = ''] = CARD.exec(entry) ?? [];
        return { contractAddress, tokenId };
      }),
    ),
});

/**
 * `GET /api/v1/users/{wallet_address}/best_offers?chain_id&cards=contract:token_id,...` -> `{ items }`: for each
 * card, the offer its owner would accept now ("Sell to best offers" fills them in one transaction), or `offer: null`
 * when there is none or the wallet does not hold the card.
 */
export const GET = apiRoute(async (ctx) => {
  const wallet = addressSchema.safeParse(ctx.params.wallet_address ?? '');
  if (!wallet.success) throw notFound('Not a wallet address');
  const query = readQuery(ctx.url, bestOffersQuery);
  const chain = serverChains().find((candidate) => candidate.chainId === query.chain_id);
  if (!chain) throw unprocessable('chain_id: this site does not run that chain');
  return json({ items: await bestOffersForCards(await database(), chain, wallet.data, query.cards) });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/users/{wallet_address}/best_offers',
    operationId: 'listUserBestOffers',
    summary: 'The best offer its owner would accept now, for each of a wallet’s cards',
    tag: 'Trading',
    auth: 'none',
    params: z.object({ wallet_address: z.string() }),
    query: bestOffersQuery,
    answer: {
      status: 200,
      description: '`{items: [{contractAddress, tokenId, offer}]}`; `offer` is null when there is none.',
      schema: describedObject('UserBestOffers', '`{items: [{contractAddress, tokenId, offer}]}`.'),
    },
    errors: [422],
  }),
];
