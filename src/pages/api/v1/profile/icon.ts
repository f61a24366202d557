import { z } from 'zod';
import { writeRoute } from '~/app/server/writeRoute';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
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

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/profile/icon',
    operationId: 'uploadProfileIcon',
    summary: 'Upload the profile icon (multipart `icon`)',
    tag: 'Account',
    auth: 'session',
    body: z.object({ icon: z.file().mime(['image/png', 'image/jpeg', 'image/webp', 'image/gif']) }),
    bodyType: 'multipart/form-data',
    answer: {
      status: 200,
      description: 'The updated profile.',
      schema: describedObject('Profile', 'The updated profile.'),
    },
    errors: [401, 413, 415, 422, 429],
  }),
];
