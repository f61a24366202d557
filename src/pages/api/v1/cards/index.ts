import { cardListQuerySchema } from '~/features/catalogue/cards/cardFilters';
import { listCards } from '~/features/catalogue/cards/cards.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { requestYenRates } from '~/features/market/rates/rates.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/cards?chain_id&currency_code&price_min&price_max&jpy_min&jpy_max&category_id&creator&owner&status&sort&q&page&per_page`
 * -> `{items: CardSummary[], page, perPage, total, totalPages}`; 422 on a bad value. `jpy_min`/`jpy_max` (whole yen)
 * and a price sort without `currency_code` read prices in yen at the fresh rates (see cardFilters.ts).
 */
export const GET = apiRoute(async (ctx) => {
  const filters = readQuery(ctx.url, cardListQuerySchema);
  const db = await database();
  return json(await listCards(db, { ...filters, yenRates: await requestYenRates() }));
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/cards',
    operationId: 'listCards',
    summary: 'Cards, filtered and sorted',
    tag: 'Catalogue',
    auth: 'none',
    query: cardListQuerySchema,
    answer: {
      status: 200,
      description: '`{items, page, perPage, total, totalPages}` of card summaries; prices carry their yen value.',
      schema: describedObject(
        'CardPage',
        '`{items, page, perPage, total, totalPages}` of card summaries; prices carry their yen value.',
      ),
    },
    errors: [422],
  }),
];
