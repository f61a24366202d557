import { statementCsv } from '~/features/ledger/tax/statementCsv';
import { statementPdf } from '~/features/ledger/tax/statementPdf.server';
import { getStatement, statementQuerySchema, statementYear } from '~/features/ledger/tax/statements.server';
import { requireIllustrator } from '~/features/session/requireAuth.server';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { database } from '~/server/db/client';
import { CSV_TYPE, download } from '../../_download';

/**
 * `GET /api/v1/dashboard/statements/{year}.pdf|.csv?lang=ja|en` (illustrators: their own statement only) -> the
 * yearly statement of JST year `year` as a PDF (Japanese, or English) or CSV download; 422 for a year that is not
 * one, 404 for a year the ledger has nothing of theirs in, 403 for anyone but an illustrator.
 */
export const GET = apiRoute(async (ctx) => {
  const { illustratorId } = requireIllustrator(ctx);
  const match = /^([^./]+)\.(pdf|csv)$/.exec(ctx.params.file ?? '');
  if (!match) throw notFound('A statement is {year}.pdf or {year}.csv');
  const year = statementYear(match[1]);
  const query = readQuery(ctx.url, statementQuerySchema);
  const statement = await getStatement(await database(), illustratorId, year);
  const filename = (extension: string) => `kirafuda-statement-${year}${query.lang === 'en' ? '-en' : ''}.${extension}`;
  if (match[2] === 'csv') {
    const csv = statementCsv(statement.revenues, statement.payouts, statement.history);
    return download(csv, filename('csv'), CSV_TYPE, 'private, no-store');
  }
  const locale = query.lang ?? (ctx.locals.locale === 'en' ? 'en' : 'ja');
  const pdf = await statementPdf(statement, locale);
  return download(Buffer.from(pdf), filename('pdf'), 'application/pdf', 'private, no-store');
});
