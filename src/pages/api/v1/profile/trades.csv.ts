import { z } from 'zod';
import { defineRoute } from '~/features/developers/openapi/contract';
import { jstYearRange } from '~/features/ledger/tax/jstCalendar';
import { rateHistory } from '~/features/ledger/tax/rateHistory.server';
import { statementYear } from '~/features/ledger/tax/statements.server';
import { cryptactCsv, tradesCsv } from '~/features/ledger/tax/trades';
import { collectorTrades } from '~/features/ledger/tax/trades.server';
import { requireUser } from '~/features/session/requireAuth.server';
import { ADDRESS_PATTERN } from '~/lib/addresses';
import { forbidden, notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { database } from '~/server/db/client';
import { CSV_TYPE, download } from '../_download';

const querySchema = z.object({
  year: z.string(),
  layout: z.enum(['kirafuda', 'cryptact']).default('kirafuda'),
  address: z.string().regex(ADDRESS_PATTERN, 'must be a 0x address').optional(),
});

/**
 * `GET /api/v1/profile/trades.csv?year=YYYY&layout=kirafuda|cryptact` (a signed-in wallet: its own trades only;
 * `address`, when given, must be that wallet, else 403) -> the wallet's trades of the JST year as CSV with yen
 * values at each trade's time (columns in docs/tax.md), or in Cryptact's custom file layout; 422 for a year that is
 * not one, 404 for a year with no trades.
 */
export const GET = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  const query = readQuery(ctx.url, querySchema);
  if (query.address && query.address.toLowerCase() !== user.walletAddress.toLowerCase())
    throw forbidden("Only the signed-in wallet's own trades can be downloaded");
  const year = statementYear(query.year);
  const db = await database();
  const trades = await collectorTrades(db, user.walletAddress, year);
  if (trades.length === 0) throw notFound(`No trades of this wallet in ${year}`);
  const { from, to } = jstYearRange(year);
  const body = query.layout === 'cryptact' ? cryptactCsv(trades) : tradesCsv(trades, await rateHistory(db, from, to));
  const filename = `kirafuda-trades-${year}${query.layout === 'cryptact' ? '-cryptact' : ''}.csv`;
  return download(body, filename, CSV_TYPE, 'private, no-store');
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/profile/trades.csv',
    operationId: 'downloadTrades',
    summary: "The wallet's trades of a year as CSV",
    tag: 'Account',
    auth: 'session',
    query: querySchema,
    answer: { status: 200, description: 'CSV, one trade a row, with yen values.', contentType: 'text/csv' },
    errors: [401, 403, 422],
  }),
];
