/**
 * Notifications about money: a payout approved, paid or rejected (for the ledger's payout review and Stripe's
 * transfer events), a card purchase paid, minted or refunded (for card payments). Each in the caller's
 * transaction, once per payout or purchase and step.
 */
import { sql } from 'drizzle-orm';
import { cardDrops, cardPurchases, illustrators } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { priceText } from '~/ui/data/priceText';
import type { NotificationKind } from './kinds';
import { cardParams, notifyUser } from './notify.server';

type Db = Database | Transaction;

/** An amount in its currency as shown everywhere (`¥1,000`, `0.5 ETH`), the same in both languages. */
export function amountText(amount: string, currencyCode: number): string {
  return priceText(amount, currencyCode);
}

/** Tells the illustrator of a payout that it moved to `status` (approved, paid, rejected; others tell no one). */
export async function noticePayout(
  db: Db,
  payout: { id: number; illustratorId: number; amount: string; currencyCode: number },
  status: string,
): Promise<void> {
  const kinds: Record<string, NotificationKind> = {
    approved: 'payout_approved',
    paid: 'payout_paid',
    rejected: 'payout_rejected',
  };
  const kind = kinds[status];
  if (!kind) return;
  const rows = await db.execute<{ user_id: unknown }>(
    sql`select user_id from ${illustrators} where id = ${payout.illustratorId}`,
  );
  const userId = rows.rows[0]?.user_id;
  if (userId === undefined) return;
  await notifyUser(db, Number(userId), {
    kind,
    eventKey: `payout:${payout.id}`,
    params: { amount: amountText(payout.amount, payout.currencyCode), payoutId: payout.id },
  });
}

/** Tells a card purchase's buyer it was paid, minted (`cardId`: the card it became) or refunded. */
export async function noticePurchase(
  db: Db,
  purchaseId: number,
  kind: Extract<NotificationKind, 'purchase_paid' | 'purchase_minted' | 'purchase_refunded'>,
  cardId: number | null = null,
): Promise<void> {
  const rows = await db.execute<{ user_id: unknown; name: string }>(sql`
    select p.user_id, d.name from ${cardPurchases} p join ${cardDrops} d on d.id = p.drop_id
    where p.id = ${purchaseId}`);
  const purchase = rows.rows[0];
  if (!purchase) return;
  const card = cardId === null ? { card: purchase.name } : await cardParams(db, cardId);
  await notifyUser(db, Number(purchase.user_id), {
    kind,
    eventKey: `purchase:${purchaseId}`,
    params: { ...card, purchaseId },
  });
}
