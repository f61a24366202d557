/**
 * What the routes of one Seaport order by its hash share: the `{order_hash}` path, and the cancel routes
 * (`POST /api/v1/orders/{order_hash}/cancel` for a listing, `POST /api/v1/offers/{order_hash}/cancel` for an
 * offer: recorded once the chain has it), written once: the wallet session, the order hash, the listing writes a
 * minute, then the route's own record and answer. Not a route itself (its name starts with `_`).
 */
import { z } from 'zod';
import { type ChangeAnswer, writeRoute } from '~/app/server/writeRoute';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { requireUser } from '~/features/session/requireAuth.server';
import type { SessionUser } from '~/features/session/types';
import { limitListingWrites } from '~/features/trading/orders/tradingLimits.server';
import { validate } from '~/server/api/parse';
import { database } from '~/server/db/client';
import type { Database } from '~/server/db/types';

/** The path of one order: `{order_hash}`, 32 bytes in hex. */
export const orderHashParams = z.object({
  order_hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte hex order hash'),
});

/** The `POST` of a cancel route: `record` records the cancel of order `hash` for `user`, and answers. */
export function orderCancelRoute(record: (db: Database, user: SessionUser, hash: string) => Promise<ChangeAnswer>) {
  return writeRoute(async (ctx) => {
    const user = requireUser(ctx);
    const { order_hash: hash } = validate(orderHashParams, ctx.params);
    const db = await database();
    await limitListingWrites(db, user.id);
    return record(db, user, hash);
  });
}

/** What a cancel route records: `offer` or `listing`, the key of its answer. */
type Cancelled = 'offer' | 'listing';

/** The contract of the cancel route of `what` at `path` in the OpenAPI document (the same answers but the noun). */
export function orderCancelContract(what: Cancelled, path: string, operationId: string) {
  const Noun = what === 'offer' ? 'Offer' : 'Listing';
  const answer = `\`{${what}}\`.`;
  return defineRoute({
    method: 'POST',
    path,
    operationId,
    summary: `Record ${what === 'offer' ? 'an' : 'a'} ${what}'s cancel once the chain has it`,
    tag: 'Trading',
    auth: 'session',
    params: orderHashParams,
    answer: { status: 200, description: answer, schema: describedObject(`${Noun}Cancelled`, answer) },
    errors: [401, 403, 404, 409, 422, 502],
  });
}
