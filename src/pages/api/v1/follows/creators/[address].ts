import type { APIContext } from 'astro';
import { z } from 'zod';
import { type ChangeAnswer, writeRoute } from '~/app/server/writeRoute';
import { requireUser } from '~/features/session/requireAuth.server';
import { creatorFollowState, findCreator, limitSocialWrites, setCreatorFollow } from '~/features/social/social.server';
import { addressSchema } from '~/lib/addresses';
import { apiRoute } from '~/server/api/handler';
import { validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const params = z.object({ address: addressSchema });

/** `GET /api/v1/follows/creators/{address}` -> `{following, count}` (following false signed out); 404. */
export const GET = apiRoute(async (ctx) => {
  const db = await database();
  const creator = await findCreator(db, validate(params, ctx.params).address);
  const state = await creatorFollowState(db, ctx.locals.user?.id ?? null, creator.id);
  return json({ following: state.active, count: state.count });
});

/** Follows or unfollows the creator for the signed-in user; the creator's page and the user's are told. */
async function write(ctx: APIContext, on: boolean): Promise<ChangeAnswer> {
  const user = requireUser(ctx);
  const db = await database();
  const creator = await findCreator(db, validate(params, ctx.params).address);
  await limitSocialWrites(db, user.id);
  const state = await setCreatorFollow(db, user.id, creator.id, on);
  return {
    response: json({ following: state.active, count: state.count }),
    change: { creators: [creator.id], users: [user.walletAddress] },
  };
}

/** `PUT /api/v1/follows/creators/{address}` -> `{following: true, count}`; 401, 404, 422, 429. */
export const PUT = writeRoute((ctx) => write(ctx, true));

/** `DELETE /api/v1/follows/creators/{address}` -> `{following: false, count}`; idempotent. */
export const DELETE = writeRoute((ctx) => write(ctx, false));
