/**
 * The `GET` of one thing a route's path names (a collection by id, a creator by wallet address), written once:
 * the path's segment read with its schema (a segment the schema refuses names nothing: 404, as for an id with no
 * row), the thing read, 404 when there is none, else the thing as JSON. Not a route itself (its name starts with
 * `_`).
 */
import type { z } from 'zod';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import type { Database } from '~/server/db/types';

/** What {@link oneRoute} reads: the path's segment, its schema, the read, and the 404's message. */
export interface OneThing<S extends z.ZodType, T> {
  /** The segment's name in the path (`id` for `/collections/{id}`). */
  segment: string;
  schema: S;
  read: (db: Database, key: z.output<S>) => Promise<T | null | undefined>;
  /** The 404's message ("No such collection"). */
  missing: string;
}

/** The `GET` of the thing `one` names (see the module comment). */
export function oneRoute<S extends z.ZodType, T>(one: OneThing<S, T>) {
  return apiRoute(async (ctx) => {
    const key = one.schema.safeParse(ctx.params[one.segment] ?? '');
    if (!key.success) throw notFound(one.missing);
    const found = await one.read(await database(), key.data);
    if (!found) throw notFound(one.missing);
    return json(found);
  });
}
