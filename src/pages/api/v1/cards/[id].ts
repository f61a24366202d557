import { z } from 'zod';
import { getCard } from '~/features/catalogue/cards/cards.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { requestYenRates } from '~/features/market/rates/rates.server';
import { withCardYen } from '~/features/market/rates/yen';
import { withAuction } from '~/features/trading/auction/auctionView.server';
import { offersForCard } from '~/features/trading/offer/offerQueries.server';
import { idParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/cards/{id}` -> CardDetail with its `offers` (for /nfts/{id}), prices with `jpy` as the card answer by
 * address gives them; 404 when unknown, hidden or not an id.
 */
export const GET = apiRoute(async (ctx) => {
  const id = idParam.safeParse(ctx.params.id ?? '');
  if (!id.success) throw notFound('No such card');
  const db = await database();
  const found = await getCard(db, { id: id.data });
  const card = found && (await withAuction(db, found));
  if (!card) throw notFound('No such card');
  const ref = { chainId: card.chainId, contractAddress: card.contractAddress, tokenId: BigInt(card.tokenId) };
  return json(withCardYen({ ...card, offers: await offersForCard(db, ref) }, await requestYenRates()));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/cards/{id}',
    operationId: 'getCardById',
    summary: 'One card by its id, with its offers',
    tag: 'Catalogue',
    auth: 'none',
    params: z.object({ id: z.string() }),
    answer: {
      status: 200,
      description: 'The card as `getCard` answers it, with its `offers`.',
      schema: describedObject('CardDetailWithOffers', 'The card as `getCard` answers it, with its `offers`.'),
    },
    errors: [404],
  }),
];
