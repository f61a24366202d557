/**
 * The platform's books in the back office: per chain and currency, the payable the ledger booked against what
 * the platform received (at its payment address from fills; from Stripe, less refunds and disputes), checked
 * afresh on every view (../../ledger/reconciliation.server.ts), and the holds a shortfall put on payouts, which
 * an admin resolves with a note saying what they found (audited).
 *
 * @see docs/architecture.md ("Money")
 */
import { z } from 'zod';
import { currencySymbol } from '~/features/ledger/payoutRules';
import { openHolds, reconcile, resolveHold } from '~/features/ledger/reconciliation.server';
import { conflict } from '~/server/api/errors';
import type { Database } from '~/server/db/types';
import { writeAudit } from '../shell/auditLog.server';
import type { AdminBooks } from '../shell/types';

/** Body of `POST /api/v1/admins/books/holds/{id}`. */
export const resolveHoldSchema = z.strictObject({ note: z.string().trim().min(1).max(1000) });

/** The books and the open holds (the check runs first, so a new shortfall shows with its hold). */
export async function adminBooks(db: Database): Promise<AdminBooks> {
  const books = await reconcile(db);
  const holds = await openHolds(db);
  return {
    books: books.map((book) => ({
      ...book,
      currency: currencySymbol(book.currencyCode),
      held: holds.some((hold) => hold.chainId === book.chainId && hold.currencyCode === book.currencyCode),
    })),
    holds: holds.map((hold) => ({ ...hold, currency: currencySymbol(hold.currencyCode) })),
  };
}

/** Resolves hold `id` with the admin's note (`books.resolve_hold` audited); 409 when it is not open. */
export async function resolveAdminHold(db: Database, adminId: number, id: number, note: string): Promise<AdminBooks> {
  await db.transaction(async (tx) => {
    if (!(await resolveHold(tx, id, adminId, note))) throw conflict('status: this hold is not open');
    await writeAudit(tx, { adminId, action: 'books.resolve_hold', targetType: 'hold', targetId: id, data: { note } });
  });
  return adminBooks(db);
}
