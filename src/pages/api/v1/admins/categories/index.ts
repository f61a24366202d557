import { writeRoute } from '~/app/server/writeRoute';
import {
  adminCategoryQuerySchema,
  createCategory,
  listAdminCategories,
} from '~/features/admin/collections/adminCategories.server';
import { categoryCreateSchema } from '~/features/admin/collections/categoryInput';
import { serverChains } from '~/features/chains/config.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readJson, readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/admins/categories?q&chain_id&creator_id&hidden&page&per_page` (admins) -> Page<AdminCategoryRow>. */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await listAdminCategories(await database(), readQuery(ctx.url, adminCategoryQuerySchema)));
});

/**
 * `POST /api/v1/admins/categories {chain_id, contract_address, name, name_en?, description?, description_en?,
 * creator_id?, hidden?}` (admins) -> 201 AdminCategoryRow; the image is uploaded next to
 * `/api/v1/admins/categories/{address}/image`. 409 when the contract already is a project on that chain;
 * 422 for a bad checksum, an unsupported chain or an unknown creator. Audited.
 */
export const POST = writeRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const input = await readJson(ctx.request, categoryCreateSchema);
  const chainIds = serverChains().map((chain) => chain.chainId);
  const category = await createCategory(await database(), adminId, input, chainIds);
  return { response: json(category, 201), change: { collections: [category.id], lists: true } };
});
