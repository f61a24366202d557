import {
  platformRevenueCsv,
  platformRevenueReport,
  revenueFilterSchema,
  revenueQuerySchema,
} from '~/features/admin/money/adminRevenues.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { CSV_TYPE, download } from '../_download';

/**
 * `GET /api/v1/admins/revenues?period=day|week|month&from&to&chain_id&currency_code&format=json|csv` (admins)
 * -> AdminRevenueReport (platform fees, royalties and volume per bucket, chain and currency), or the CSV
 * download `platform-revenues-{period}-{from}-{to}.csv`.
 */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  const query = readQuery(ctx.url, revenueQuerySchema);
  const filters = readQuery(ctx.url, revenueFilterSchema);
  const report = await platformRevenueReport(await database(), query, filters);
  if (query.format === 'json') return json(report);
  const filename = `platform-revenues-${report.period}-${report.from}-${report.to}.csv`;
  return download(platformRevenueCsv(report), filename, CSV_TYPE);
});
