/**
 * The platform's books in the back office: per chain and currency, the payable the ledger booked against what
 * the platform received (at its payment address from fills; from Stripe, less refunds and disputes), checked
 * afresh on every view (../../ledger/reconciliation.server.ts), and the holds a shortfall put on payouts, which
 * an admin resolves with a note saying what they found (audited); the illustrators whose balance went below zero
 * (their payouts are held until it is made good) and each payable entry that does not match its receipt.
 *
 * @see docs/architecture.md ("Money")
 */

import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { negativeBalances } from '~/features/ledger/balances.server';
import { currencySymbol } from '~/features/ledger/payoutRules';
import { receiptMismatches } from '~/features/ledger/receiptMatching.server';
import { openHolds, reconcile, resolveHold } from '~/features/ledger/reconciliation.server';
import { conflict } from '~/server/api/errors';
import { illustrators } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { writeAudit } from '../shell/auditLog.server';
import type { AdminBooks } from '../shell/types';

/** Body of `POST /api/v1/admins/books/holds/{id}`. */
export const resolveHoldSchema = z.strictObject({ note: z.string().trim().min(1).max(1000) });

/** The illustrators' names by id. */
async function illustratorRefs(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { id: number; uid: string; name: string }>();
  const rows = await db
    .select({ id: illustrators.id, uid: illustrators.uid, name: illustrators.name })
    .from(illustrators)
    .where(inArray(illustrators.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The books and the open holds (the check runs first, so a new shortfall shows with its hold), the balances
 * below zero (those illustrators' payouts are held) and the entries that do not match their receipts.
 */
export async function adminBooks(db: Database): Promise<AdminBooks> {
  const books = await reconcile(db);
  const holds = await openHolds(db);
  const [negative, mismatched] = [await negativeBalances(db), await receiptMismatches(db)];
  const names = await illustratorRefs(
    db,
    negative.map((balance) => balance.illustratorId),
  );
  return {
    negativeBalances: negative.map((balance) => ({
      illustrator: names.get(balance.illustratorId) ?? { id: balance.illustratorId, uid: '', name: '' },
      chainId: balance.chainId,
      currencyCode: balance.currencyCode,
      currency: balance.currency,
      available: balance.available,
    })),
    mismatches: mismatched.map((entry) => ({ ...entry, currency: currencySymbol(entry.currencyCode) })),
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
