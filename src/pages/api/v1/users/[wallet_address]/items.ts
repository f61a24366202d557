import { listUserItems, userItemsQuerySchema } from '~/features/profiles/profiles.server';
import { addressSchema } from '~/lib/addresses';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/users/{wallet_address}/items?tab=owned|listed&chain_id&sort&page&per_page` -> the wallet's
 * cards as a list, plus `user` (its public profile, null when it never signed in).
 */
export const GET = apiRoute(async (ctx) => {
  const wallet = addressSchema.safeParse(ctx.params.wallet_address ?? '');
  if (!wallet.success) throw notFound('Not a wallet address');
  const query = readQuery(ctx.url, userItemsQuerySchema);
  return json(await listUserItems(await database(), wallet.data, query));
});
