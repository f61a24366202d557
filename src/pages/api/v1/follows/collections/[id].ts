/**
 * `GET /api/v1/follows/collections/{id}` -> `{following, count}` (following false signed out); 404.
 * `PUT` -> `{following: true, count}` (401, 404, 422, 429) and `DELETE` -> `{following: false, count}` (idempotent)
 * follow and unfollow the collection for the signed-in user; its page and the user's are told.
 */
import { z } from 'zod';
import { collectionFollowState, findCollection, setCollectionFollow } from '~/features/social/social.server';
import { idParam } from '~/lib/params';
import { followRoutes } from '../_followRoutes';

export const { GET, PUT, DELETE, openapi } = followRoutes({
  noun: 'collection',
  path: '/api/v1/follows/collections/{id}',
  params: z.object({ id: idParam }),
  find: (db, params) => findCollection(db, params.id),
  state: collectionFollowState,
  set: setCollectionFollow,
  change: (id) => ({ collections: [id] }),
});
