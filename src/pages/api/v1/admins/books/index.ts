import { adminBooks } from '~/features/admin/money/adminBooks.server';
import { requireAdmin } from '~/features/session/requireAuth.server';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/admins/books` (admins) -> AdminBooks: per chain and currency the payable booked and what was
 * received, checked now (a shortfall opens a hold on payouts in that currency), and the open holds.
 */
export const GET = apiRoute(async (ctx) => {
  requireAdmin(ctx);
  return json(await adminBooks(await database()));
});
