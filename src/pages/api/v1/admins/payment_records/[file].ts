import { statementYear } from '~/features/ledger/tax/statements.server';
import { paymentRecords, paymentRecordsCsv } from '~/features/ledger/tax/withholdingReports.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { database } from '~/server/db/client';
import { CSV_TYPE, download } from '../../_download';

/**
 * `GET /api/v1/admins/payment_records/{year}.csv` (admins) -> the year's payment records (支払調書): per payee paid
 * more than ¥50,000 in the JST year, the yen paid before withholding and the tax withheld; 422 for a year that is
 * not one.
 */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  const match = /^([^./]+)\.csv$/.exec(ctx.params.file ?? '');
  if (!match) throw notFound('Payment records are {year}.csv');
  const year = statementYear(match[1]);
  const records = await paymentRecords(await database(), year);
  return download(paymentRecordsCsv(records), `payment-records-${year}.csv`, CSV_TYPE);
});
