import { writeRoute } from '~/app/server/writeRoute';
import { replaceCategoryImage } from '~/features/admin/collections/adminCategories.server';
import { parseCategoryKey } from '~/features/admin/collections/categoryKey';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { notFound } from '~/server/api/errors';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { readUploadedFile, uploadSlots } from '~/server/uploads.server';

/**
 * `POST /api/v1/admins/categories/{address}/image?chain_id` (admins; multipart/form-data, field `image`:
 * PNG, JPEG, WebP or GIF up to 2 MB) -> AdminCategoryRow with a `/media/categories/...` image.
 * 413 too large, 415 not such an image, 422 unreadable. Audited.
 */
export const POST = writeRoute(async (ctx) => {
  const { adminId } = requireAdmin(ctx);
  const key = parseCategoryKey(ctx.params.address, ctx.url);
  if (!key) throw notFound('No such project');
  return uploadSlots.run(async () => {
    const bytes = await readUploadedFile(ctx.request, 'image');
    const category = await replaceCategoryImage(await database(), adminId, key, bytes);
    return { response: json(category), change: { collections: [category.id], lists: true, allCards: true } };
  });
});
