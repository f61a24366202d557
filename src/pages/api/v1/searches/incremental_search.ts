import { nameIndex, suggestFromIndex } from '~/features/search/nameIndex.server';
import { searchQuerySchema } from '~/features/search/search.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/searches/incremental_search?keyword=&locale=` -> `{categories, illustrators}`, each item
 * `{name, image, redirectUrl, address}` (spec §3, §7), answered from the in-memory name index. Public
 * data, so browsers and CDNs may keep it briefly.
 */
export const GET = apiRoute(async (ctx) => {
  const { keyword, locale } = readQuery(ctx.url, searchQuerySchema);
  const index = await nameIndex(await database());
  return json(suggestFromIndex(index, keyword, locale), 200, {
    'Cache-Control': 'public, max-age=30, stale-while-revalidate=60',
  });
});
