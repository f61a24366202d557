import { writeRoute } from '~/app/server/writeRoute';
import { limitIconUploads, replaceProfileIcon } from '~/features/profiles/profiles.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { readUploadedFile, uploadSlots } from '~/server/uploads.server';

/**
 * `POST /api/v1/profile/icon` (multipart/form-data, field `icon`: PNG, JPEG, WebP or GIF up to 2 MB)
 * -> the updated Profile with `/media/icons/...` URLs; 413 too large, 415 not such an image,
 * 422 unreadable, 429 past 20 uploads an hour.
 */
export const POST = writeRoute(async (ctx) => {
  const user = requireUser(ctx);
  const db = await database();
  await limitIconUploads(db, user.id);
  return uploadSlots.run(async () => {
    const bytes = await readUploadedFile(ctx.request, 'icon');
    const profile = await replaceProfileIcon(db, user.id, bytes);
    return { response: json(profile), change: { users: [user.walletAddress] } };
  });
});
