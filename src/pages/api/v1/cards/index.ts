import { cardListQuerySchema } from '~/features/catalogue/cards/cardFilters';
import { listCards } from '~/features/catalogue/cards/cards.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/cards?chain_id&currency_code&price_min&price_max&category_id&creator&owner&status&sort&q&page&per_page`
 * -> `{items: CardSummary[], page, perPage, total, totalPages}`; 422 on a bad value.
 */
export const GET = apiRoute(async (ctx) => {
  const filters = readQuery(ctx.url, cardListQuerySchema);
  return json(await listCards(await database(), filters));
});
