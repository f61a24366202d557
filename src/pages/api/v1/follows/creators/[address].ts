/**
 * `GET /api/v1/follows/creators/{address}` -> `{following, count}` (following false signed out); 404.
 * `PUT` -> `{following: true, count}` (401, 404, 422, 429) and `DELETE` -> `{following: false, count}` (idempotent)
 * follow and unfollow the creator for the signed-in user; the creator's page and the user's are told.
 */
import { z } from 'zod';
import { creatorFollowState, findCreator, setCreatorFollow } from '~/features/social/social.server';
import { addressSchema } from '~/lib/addresses';
import { followRoutes } from '../_followRoutes';

export const { GET, PUT, DELETE, openapi } = followRoutes({
  noun: 'creator',
  path: '/api/v1/follows/creators/{address}',
  params: z.object({ address: addressSchema }),
  find: (db, params) => findCreator(db, params.address),
  state: creatorFollowState,
  set: setCreatorFollow,
  change: (id) => ({ creators: [id] }),
});
