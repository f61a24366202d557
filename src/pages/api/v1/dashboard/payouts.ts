import { payoutBalances } from '~/features/ledger/balances.server';
import { listPayouts, payoutRequestSchema, requestPayout } from '~/features/ledger/payoutRequests.server';
import { requireIllustrator } from '~/features/session/requireAuth.server';
import { pageQuerySchema, pageRequest } from '~/lib/pagination';
import { apiRoute } from '~/server/api/handler';
import { readJson, readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/dashboard/payouts?page&per_page` (illustrators) -> `{balances, items, page, perPage, total,
 * totalPages}`: balance per chain and currency and the payout requests, newest first.
 */
export const GET = apiRoute(async (ctx) => {
  const { illustratorId } = requireIllustrator(ctx);
  const page = pageRequest(readQuery(ctx.url, pageQuerySchema));
  const db = await database();
  const balances = await payoutBalances(db, illustratorId);
  return json({ balances, ...(await listPayouts(db, illustratorId, page)) });
});

/**
 * `POST /api/v1/dashboard/payouts {amount (wei), currency_code, chain_id}` (illustrators) -> 201 PayoutItem
 * (status requested); 422 below the minimum or above the balance.
 */
export const POST = apiRoute(async (ctx) => {
  const { illustratorId } = requireIllustrator(ctx);
  const request = await readJson(ctx.request, payoutRequestSchema);
  return json(await requestPayout(await database(), illustratorId, request), 201);
});
