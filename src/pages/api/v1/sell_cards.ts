import { writeRoute } from '~/app/server/writeRoute';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { changeOfCards } from '~/features/events/cardChange.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { submitSellOrders } from '~/features/trading/bulk/submitSellOrders.server';
import { sellCardsSchema } from '~/features/trading/orders/sellCardPayload';
import { limitListingWrites } from '~/features/trading/orders/tradingLimits.server';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** Largest body: 50 listings of about 2 KB each (order JSON and a bulk signature), with room to spare. */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * `POST /api/v1/sell_cards` {listings: [sell-card payload, ...]} (1..50, e.g. the orders of one Seaport bulk
 * signature) -> 201 `{created, listings: [{created, listing}], redirect: "/user/{walletAddress}"}` when any
 * was stored now, 200 when all were stored before. All or nothing: 422 names the listings refused
 * (`listings.{index}: ...`) and nothing is stored; 401 signed out, 413 too large, 429 too many (one listing
 * write per request, as sell_card), 502 chain not answering.
 * @see src/features/trading/bulk/submitSellOrders.server.ts
 */
export const POST = writeRoute(async (ctx) => {
  const user = requireUser(ctx);
  const db = await database();
  await limitListingWrites(db, user.id);
  const { listings: inputs } = await readJson(ctx.request, sellCardsSchema, MAX_BODY_BYTES);
  const { created, listings } = await submitSellOrders(db, user, inputs);
  const response = json({ created, listings, redirect: `/user/${user.walletAddress}` }, created > 0 ? 201 : 200);
  if (created === 0) return { response };
  const cards = listings
    .filter((listing) => listing.created)
    .map(({ listing }) => ({
      chainId: listing.chainId,
      contractAddress: listing.contractAddress,
      tokenId: listing.tokenId,
    }));
  return { response, change: await changeOfCards(db, cards, [user.walletAddress]) };
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/sell_cards',
    operationId: 'listCardsInBulk',
    summary: 'List several cards at once (one bulk signature)',
    tag: 'Trading',
    auth: 'session',
    body: sellCardsSchema,
    answer: {
      status: 201,
      description: 'The stored listings, all or none.',
      schema: describedObject('Listings', 'The stored listings, all or none.'),
    },
    errors: [401, 403, 404, 409, 413, 415, 422, 429, 502],
  }),
];
