import { listStatements } from '~/features/ledger/tax/statements.server';
import { requireIllustrator } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** `GET /api/v1/dashboard/statements` (illustrators) -> `{years: number[]}`, the years with a statement, newest first. */
export const GET = apiRoute(async (ctx) => {
  const { illustratorId } = requireIllustrator(ctx);
  return json({ years: await listStatements(await database(), illustratorId) });
});
