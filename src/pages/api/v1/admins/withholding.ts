import { z } from 'zod';
import { monthlyWithholding, monthlyWithholdingCsv } from '~/features/ledger/tax/withholdingReports.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { CSV_TYPE, download } from '../_download';

const querySchema = z.object({
  month: z.string().regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM'),
  format: z.enum(['csv', 'json']).default('csv'),
});

/**
 * `GET /api/v1/admins/withholding?month=YYYY-MM&format=csv|json` (admins) -> the income tax withheld from the
 * payouts paid that JST month, its total and due date (the 10th of the next month, moved to a business day), as a
 * CSV download (default) or JSON.
 */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  const query = readQuery(ctx.url, querySchema);
  const report = await monthlyWithholding(await database(), query.month);
  if (query.format === 'json') {
    return json({
      ...report,
      items: report.items.map((item) => ({
        ...item,
        amount: item.amount.toString(),
        amountJpy: item.amountJpy?.toString() ?? null,
        taxJpy: item.taxJpy.toString(),
        withheld: item.withheld.toString(),
      })),
    });
  }
  return download(monthlyWithholdingCsv(report), `withholding-${query.month}.csv`, CSV_TYPE);
});
