import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { suggestCards } from '~/features/search/cardSuggestions.server';
import { nameIndex, suggestFromIndex } from '~/features/search/nameIndex.server';
import { searchQuerySchema } from '~/features/search/search.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/searches/incremental_search?keyword=&locale=` -> `{categories, illustrators, cards}`, each item
 * `{name, image, redirectUrl, address}` (spec §3, §7; `cards` is ours: a card name finds its card), the
 * collections and creators from the in-memory name index, the cards from the database. Public data, so
 * browsers and CDNs may keep it briefly.
 */
export const GET = apiRoute(async (ctx) => {
  const { keyword, locale } = readQuery(ctx.url, searchQuerySchema);
  const db = await database();
  const [index, cards] = await Promise.all([nameIndex(db), suggestCards(db, keyword, locale)]);
  return json({ ...suggestFromIndex(index, keyword, locale), cards }, 200, {
    'Cache-Control': 'public, max-age=30, stale-while-revalidate=60',
  });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/searches/incremental_search',
    operationId: 'search',
    summary: 'Collections, creators and cards matching a keyword',
    tag: 'Catalogue',
    auth: 'none',
    query: searchQuerySchema,
    answer: {
      status: 200,
      description: '`{categories, illustrators, cards}`.',
      schema: describedObject('SearchResults', '`{categories, illustrators, cards}`.'),
    },
    errors: [422],
  }),
];
