import { writeRoute } from '~/app/server/writeRoute';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { changeOfCards } from '~/features/events/cardChange.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { offerPayloadSchema } from '~/features/trading/offer/offerPayload';
import { limitOfferWrites } from '~/features/trading/orders/tradingLimits.server';
import { placeOffer } from '~/features/trading/placeOffer/placeOffer.server';
import { networkOf } from '~/lib/network';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `POST /api/v1/offers` `{ chain_id, order, signature }` (wallet session; `order` = Seaport OrderComponents as
 * listings carry them) -> 201 `{ offer }` (200 when the same offer was stored before). 404 collection or card
 * not on the marketplace, 409 offer closed (or, for a bid, outbid or the auction ended), 422 an order or chain
 * state the rules refuse, 429 past the account's or the network's offers a minute (with Retry-After), 502. A
 * token offer on a card in a timed auction is a bid: restricted to the settlement account (`GET /api/v1/chains`
 * does not name it; the listing's `order.zone` does).
 */
export const POST = writeRoute(async (ctx) => {
  const user = requireUser(ctx);
  const db = await database();
  await limitOfferWrites(db, user.id, networkOf(ctx.locals.client.ip));
  const input = await readJson(ctx.request, offerPayloadSchema);
  const { created, offer } = await placeOffer(db, user, input);
  const response = json({ offer }, created ? 201 : 200);
  if (!created) return { response };
  // An offer on one card (a bid, when the card is in a timed auction) changes its page and the grids too.
  const card =
    offer.tokenId === null
      ? {}
      : await changeOfCards(db, [
          { chainId: offer.chainId, contractAddress: offer.contractAddress, tokenId: offer.tokenId },
        ]);
  return {
    response,
    change: {
      ...card,
      offers: offer.collectionId === null ? [] : [offer.collectionId],
      users: [user.walletAddress],
      lists: offer.tokenId !== null,
    },
  };
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/offers',
    operationId: 'placeOffer',
    summary: 'Make an offer or a bid (a signed Seaport order)',
    tag: 'Trading',
    auth: 'session',
    body: offerPayloadSchema,
    answer: {
      status: 201,
      description: '`{offer}` (200 when the same offer was stored before).',
      schema: describedObject('OfferPlaced', '`{offer}` (200 when the same offer was stored before).'),
    },
    errors: [401, 404, 409, 415, 422, 429, 502],
  }),
];
