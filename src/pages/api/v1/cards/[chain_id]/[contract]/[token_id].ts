import { z } from 'zod';
import { getCard } from '~/features/catalogue/cards/cards.server';
import { chainIdParam } from '~/features/chains/params';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { requestYenRates } from '~/features/market/rates/rates.server';
import { withCardYen } from '~/features/market/rates/yen';
import { withAuction } from '~/features/trading/auction/auctionView.server';
import { offersForCard } from '~/features/trading/offer/offerQueries.server';
import { addressSchema } from '~/lib/addresses';
import { tokenIdParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/cards/{chain_id}/{contract}/{token_id}` -> CardDetail (traits, category, creator, owner,
 * active listing with its Seaport order, activity) and `offers` (those its owner could accept, best first; a
 * trait offer with this card's `proof`), its `lastSale`, `favoriteCount` and `rarity` (`rank`, `of`). Beside
 * every price `x` (the listing's prices, the auction's reserve, bids and minimum, the best offer, each offer, the
 * last sale) an `xJpy` (about how many yen), and `jpy` on the listing (its current price) and the last sale, when
 * a rate at most an hour old is known. 404 when unknown, hidden or malformed.
 */
export const GET = apiRoute(async (ctx) => {
  const chainId = chainIdParam.safeParse(ctx.params.chain_id ?? '');
  const contract = addressSchema.safeParse(ctx.params.contract ?? '');
  const tokenId = tokenIdParam.safeParse(ctx.params.token_id ?? '');
  if (!chainId.success || !contract.success || !tokenId.success) throw notFound('No such card');
  const db = await database();
  const ref = { chainId: chainId.data, contractAddress: contract.data, tokenId: tokenId.data };
  const found = await getCard(db, ref);
  const card = found && (await withAuction(db, found));
  if (!card) throw notFound('No such card');
  const offers = await offersForCard(db, { ...ref, tokenId: BigInt(ref.tokenId) });
  return json(withCardYen({ ...card, offers }, await requestYenRates()));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/cards/{chain_id}/{contract}/{token_id}',
    operationId: 'getCard',
    summary: 'One card (traits, collection, creator, owner, listing)',
    tag: 'Catalogue',
    auth: 'none',
    params: z.object({ chain_id: z.string(), contract: z.string(), token_id: z.string() }),
    answer: {
      status: 200,
      description: 'The card with its traits, collection, creator, owner and listing; prices with their yen value.',
      schema: describedObject(
        'CardDetail',
        'The card with its traits, collection, creator, owner and listing; prices with their yen value.',
      ),
    },
    errors: [404, 422],
  }),
];
