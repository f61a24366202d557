import { z } from 'zod';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { getPurchase } from '~/features/payments/purchases.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { idParam } from '~/lib/params';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/purchases/{id}` (its buyer's wallet session) -> `{ purchase }`: status (`pending`, `paid`,
 * `minting`, `minted`, `refunding`, `refunded`, `expired`), the token once minted. 404 for anyone else.
 */
export const GET = apiRoute(async (ctx) => {
  const buyer = requireUser(ctx);
  const id = idParam.safeParse(ctx.params.id ?? '');
  if (!id.success) throw notFound('No such purchase');
  return json({ purchase: await getPurchase(await database(), buyer.id, id.data) });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/purchases/{id}',
    operationId: 'getPurchase',
    summary: "A card purchase's status",
    tag: 'Payments',
    auth: 'session',
    params: z.object({ id: z.string() }),
    answer: {
      status: 200,
      description: '`{purchase}`: its status and, once minted, the token.',
      schema: describedObject('PurchaseStatus', '`{purchase}`: its status and, once minted, the token.'),
    },
    errors: [401, 404],
  }),
];
