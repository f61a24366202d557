import { invoiceView, listInvoices } from '~/features/ledger/tax/invoices.server';
import { requireIllustrator } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/dashboard/invoices` (illustrators) -> `{items}`: the monthly qualified invoices for the fees the
 * platform kept, closed months only, newest first (number, month, date, items, total, 10 % tax, issuer,
 * recipient); amounts are decimal strings of yen or of the currency's smallest unit.
 */
export const GET = apiRoute(async (ctx) => {
  const { illustratorId } = requireIllustrator(ctx);
  const items = await listInvoices(await database(), illustratorId);
  return json({ items: items.map(invoiceView) });
});
