import { chainFromParam } from '~/features/chains/chainReads.server';
import { serverChains } from '~/features/chains/config.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { fileIllegalReport, illegalReportSchema } from '~/features/reports/reports.server';
import { apiRoute } from '~/server/api/handler';
import { readJson } from '~/server/api/parse';
import { requestMeta } from '~/server/api/requestMeta';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `POST /api/v1/illegal_report {token_id, type, details[, chain_id][, contract_address]}` -> 201 `{id}`.
 * Anyone may report (signed-in users are recorded as the reporter); 10 reports per person per hour, then
 * 429 with Retry-After. The chain is the current one unless `chain_id` names a configured chain. @see spec §7
 */
export const POST = apiRoute(async (ctx) => {
  const body = await readJson(ctx.request, illegalReportSchema);
  const chain = chainFromParam(serverChains(), body.chain_id, ctx.locals.chain);
  const db = await database();
  const report = await fileIllegalReport(
    db,
    {
      tokenId: body.token_id,
      type: body.type,
      details: body.details,
      chainId: chain.chainId,
      contractAddress: body.contract_address,
    },
    { userId: ctx.locals.user?.id ?? null, ip: requestMeta(ctx).ip },
  );
  return json(report, 201);
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/illegal_report',
    operationId: 'reportCard',
    summary: 'Report a card as illegal',
    tag: 'Account',
    auth: 'none',
    body: illegalReportSchema,
    answer: { status: 201, description: '`{id}`.', schema: describedObject('ReportReceipt', '`{id}`.') },
    errors: [404, 415, 422, 429],
  }),
];
