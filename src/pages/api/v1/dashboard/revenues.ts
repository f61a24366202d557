import { revenueCsv } from '~/features/ledger/revenues/creatorRevenue';
import { revenueReport } from '~/features/ledger/revenues/creatorRevenue.server';
import { revenueQuerySchema } from '~/features/ledger/revenues/revenueQuery';
import { requireIllustrator } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { CSV_TYPE, download } from '../_download';

/**
 * `GET /api/v1/dashboard/revenues?period=day|week|month&from&to&format=json|csv` (illustrators) ->
 * RevenueReport, or the same rows as a CSV attachment.
 */
export const GET = apiRoute(async (ctx) => {
  const { illustratorId } = requireIllustrator(ctx);
  const query = readQuery(ctx.url, revenueQuerySchema);
  const report = await revenueReport(await database(), illustratorId, query);
  if (query.format === 'json') return json(report);
  return download(revenueCsv(report), `revenues-${report.period}-${report.from}-${report.to}.csv`, CSV_TYPE);
});
