import { writeRoute } from '~/app/server/writeRoute';
import { getAdminCategory, updateCategory } from '~/features/admin/collections/adminCategories.server';
import { categoryUpdateSchema } from '~/features/admin/collections/categoryInput';
import { parseCategoryKey } from '~/features/admin/collections/categoryKey';
import { serverChains } from '~/features/chains/config.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/admins/categories/{address}?chain_id` (admins) -> AdminCategoryRow; 404 unknown, 409 ambiguous. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  const key = parseCategoryKey(ctx.params.address, ctx.url);
  if (!key) throw notFound('No such project');
  return json(await getAdminCategory(await database(), key));
});

/**
 * `PUT /api/v1/admins/categories/{address}?chain_id {any create field}` (admins) -> AdminCategoryRow.
 * Chain and contract change only while no card belongs to the project (else 409). Audited.
 */
export const PUT = writeRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const key = parseCategoryKey(ctx.params.address, ctx.url);
  if (!key) throw notFound('No such project');
  const input = await readJson(ctx.request, categoryUpdateSchema);
  const chainIds = serverChains().map((chain) => chain.chainId);
  const category = await updateCategory(await database(), adminId, key, input, chainIds);
  // Its name and picture show on its page, in lists and on each of its cards' pages.
  return { response: json(category), change: { collections: [category.id], lists: true, allCards: true } };
});
