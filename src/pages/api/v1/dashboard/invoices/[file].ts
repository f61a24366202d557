import { invoicePdf } from '~/features/ledger/tax/invoicePdf.server';
import { getInvoice } from '~/features/ledger/tax/invoices.server';
import { statementQuerySchema } from '~/features/ledger/tax/statements.server';
import { requireIllustrator } from '~/features/session/requireAuth.server';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/dashboard/invoices/{YYYY-MM}.pdf?lang=ja|en` (illustrators: their own only) -> the month's qualified
 * invoice for the fees kept; 404 for a month with none or not over yet.
 */
export const GET = apiRoute(async (ctx) => {
  const { illustratorId } = requireIllustrator(ctx);
  const match = /^(\d{4}-(?:0[1-9]|1[0-2]))\.pdf$/.exec(ctx.params.file ?? '');
  if (!match?.[1]) throw notFound('An invoice is {YYYY-MM}.pdf');
  const query = readQuery(ctx.url, statementQuerySchema);
  const invoice = await getInvoice(await database(), illustratorId, match[1]);
  const locale = query.lang ?? (ctx.locals.locale === 'en' ? 'en' : 'ja');
  return new Response(Buffer.from(await invoicePdf(invoice, locale)), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="kirafuda-invoice-${invoice.number}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
});
