import { getPlatformFee, platformFeeQuerySchema } from '~/features/trading/terms/platformFee.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/platform_fee?chain_id` -> `{chainId, feeBps}` (public). */
export const GET = apiRoute(async (ctx) => {
  const { chain_id: chainId } = readQuery(ctx.url, platformFeeQuerySchema);
  return json(await getPlatformFee(await database(), chainId));
});
