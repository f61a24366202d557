/**
 * The routes of one kind of follow (`/api/v1/follows/collections/{id}`, `/api/v1/follows/creators/{address}`),
 * written once: `GET` -> `{following, count}` (following false signed out; 404 unknown), `PUT` follows and `DELETE`
 * unfollows for the signed-in user (idempotent; 401, 404, 422, 429), telling the followed page and the user's, and
 * their contracts in the OpenAPI document. Not a route itself (its name starts with `_`).
 */
import type { APIContext } from 'astro';
import type { z } from 'zod';
import { type ChangeAnswer, writeRoute } from '~/app/server/writeRoute';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import type { Change } from '~/features/events/tags';
import { requireUser } from '~/features/session/requireAuth.server';
import { limitSocialWrites, type SocialState } from '~/features/social/social.server';
import { apiRoute } from '~/server/api/handler';
import { validate } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import type { Database } from '~/server/db/types';

/** What can be followed, and how its follows are read and written. */
export interface FollowTarget<P extends z.ZodObject> {
  /** `collection` or `creator`, as the OpenAPI summaries and operation ids name it. */
  noun: 'collection' | 'creator';
  /** The route's path in the OpenAPI document. */
  path: string;
  /** The path's parameters. */
  params: P;
  /** The followed row the parameters name; 404 when there is none. */
  find: (db: Database, params: z.output<P>) => Promise<{ id: number }>;
  state: (db: Database, userId: number | null, id: number) => Promise<SocialState>;
  set: (db: Database, userId: number, id: number, on: boolean) => Promise<SocialState>;
  /** The pages a follow of row `id` changes, besides the user's own. */
  change: (id: number) => Change;
}

const answer = (state: SocialState) => json({ following: state.active, count: state.count });

/** `GET`, `PUT`, `DELETE` and `openapi` of the follows of `target`. */
export function followRoutes<P extends z.ZodObject>(target: FollowTarget<P>) {
  const noun = target.noun;
  const Noun = `${noun[0]?.toUpperCase()}${noun.slice(1)}`;

  async function write(ctx: APIContext, on: boolean): Promise<ChangeAnswer> {
    const user = requireUser(ctx);
    const db = await database();
    const followed = await target.find(db, validate(target.params, ctx.params));
    await limitSocialWrites(db, user.id);
    const state = await target.set(db, user.id, followed.id, on);
    return { response: answer(state), change: { ...target.change(followed.id), users: [user.walletAddress] } };
  }

  const contract = (method: 'GET' | 'PUT' | 'DELETE', operationId: string, summary: string, description: string) =>
    defineRoute({
      method,
      path: target.path,
      operationId,
      summary,
      tag: 'Social',
      auth: method === 'GET' ? 'none' : 'session',
      params: target.params,
      answer: { status: 200, description, schema: describedObject('FollowState', description) },
      errors: method === 'GET' ? [404, 422] : [401, 404, 422, 429],
    });

  return {
    GET: apiRoute(async (ctx) => {
      const db = await database();
      const followed = await target.find(db, validate(target.params, ctx.params));
      return answer(await target.state(db, ctx.locals.user?.id ?? null, followed.id));
    }),
    PUT: writeRoute((ctx) => write(ctx, true)),
    DELETE: writeRoute((ctx) => write(ctx, false)),
    openapi: [
      contract('GET', `get${Noun}Follow`, `A ${noun}'s followers and the user's own`, '`{following, count}`.'),
      contract('PUT', `follow${Noun}`, `Follow a ${noun}`, '`{following: true, count}`.'),
      contract('DELETE', `unfollow${Noun}`, `Stop following a ${noun}`, '`{following: false, count}`.'),
    ],
  };
}
