/**
 * Buying a drop's card with a card in yen: the buyer (signed in with a wallet, which receives the card) gets
 * one of the drop's serials held for them and a Stripe PaymentIntent for the drop's price, read from the
 * database (never from the browser), created with an idempotency key of the purchase. A held serial the buyer
 * does not pay for is released after {@link PENDING_MINUTES} minutes. No drop is ever oversold: a serial is
 * held by one live purchase at most (a unique index), and holding one locks the drop's row.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { conflict, HttpError, notFound, tooManyRequests } from '~/server/api/errors';
import { cardDrops, cardPurchases, paymentHistories } from '~/server/db/schema';
import type { PurchaseStatus } from '~/server/db/schema/payments';
import type { Database, Transaction } from '~/server/db/types';
import { type StripeSettings, stripeClient } from '~/server/stripe.server';

/** How long a held serial waits for its payment. */
export const PENDING_MINUTES = 15;
/** Unpaid purchases one buyer may hold at once. */
export const MAX_PENDING_PER_BUYER = 3;

/** A purchase as its buyer sees it (the receipt page). */
export interface PurchaseView {
  id: number;
  dropId: number;
  status: PurchaseStatus;
  amountJpy: number;
  buyerAddress: string;
  chainId: number;
  contractAddress: string;
  tokenId: string | null;
  mintTxHash: string | null;
  createdAt: string;
}

type Row = typeof cardPurchases.$inferSelect;

function purchaseView(row: Row, drop: { chainId: number; contractAddress: string }): PurchaseView {
  return {
    id: row.id,
    dropId: row.dropId,
    status: row.status,
    amountJpy: row.amountJpy,
    buyerAddress: row.buyerAddress,
    chainId: drop.chainId,
    contractAddress: drop.contractAddress,
    tokenId: row.tokenId,
    mintTxHash: row.mintTxHash,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Holds the drop's first free serial for the buyer. @throws HttpError 404, 409 (not on sale, sold out), 429 */
async function holdSerial(db: Database, buyer: { id: number; walletAddress: string }, dropId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [drop] = await tx.select().from(cardDrops).where(eq(cardDrops.id, dropId)).for('update');
    if (!drop) throw notFound('No such drop');
    if (drop.startsAt > now) throw conflict('This sale has not started yet');
    if (drop.endsAt <= now) throw conflict('This sale has ended');
    const [pending] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cardPurchases)
      .where(and(eq(cardPurchases.userId, buyer.id), eq(cardPurchases.status, 'pending')));
    if ((pending?.n ?? 0) >= MAX_PENDING_PER_BUYER) throw tooManyRequests(PENDING_MINUTES * 60);
    const free = await tx.execute<{ slot: unknown }>(sql`
      select min(s) as slot from generate_series(1, ${drop.serials}::int) s
      where s not in (select ${cardPurchases.slot} from ${cardPurchases}
        where ${cardPurchases.dropId} = ${drop.id} and ${cardPurchases.status} not in ('expired', 'refunded'))`);
    const slot = free.rows[0]?.slot;
    if (slot === null || slot === undefined) throw conflict('Sold out');
    const [row] = await tx
      .insert(cardPurchases)
      .values({
        dropId: drop.id,
        userId: buyer.id,
        buyerAddress: buyer.walletAddress.toLowerCase(),
        amountJpy: drop.priceJpy,
        slot: Number(slot),
        status: 'pending',
      })
      .returning();
    if (!row) throw new Error('purchase insert returned nothing');
    return { row, drop };
  });
}

/**
 * Starts a purchase: holds a serial and creates its PaymentIntent (see the module comment).
 * @throws HttpError 404, 409, 429, 502 (Stripe did not answer; the serial is released)
 */
export async function startPurchase(
  db: Database,
  buyer: { id: number; walletAddress: string },
  dropId: number,
  settings: StripeSettings,
  now = new Date(),
): Promise<{ purchase: PurchaseView; clientSecret: string; collectionId: number }> {
  const { row, drop } = await holdSerial(db, buyer, dropId, now);
  let intent: { id: string; client_secret: string | null };
  try {
    intent = await stripeClient(settings).paymentIntents.create(
      {
        amount: drop.priceJpy,
        currency: 'jpy',
        automatic_payment_methods: { enabled: true },
        metadata: { purchase_id: String(row.id), drop_id: String(drop.id) },
      },
      { idempotencyKey: `kirafuda-purchase-${row.id}` },
    );
  } catch (error) {
    await db
      .update(cardPurchases)
      .set({ status: 'expired', failure: String(error) })
      .where(eq(cardPurchases.id, row.id));
    throw new HttpError(502, 'The card payment service is not answering; try again');
  }
  const updated = await db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(paymentHistories)
      .values({
        provider: 'stripe',
        providerPaymentId: intent.id,
        userId: buyer.id,
        amount: String(drop.priceJpy),
        currency: 'JPY',
        status: 'pending',
      })
      .returning({ id: paymentHistories.id });
    const [saved] = await tx
      .update(cardPurchases)
      .set({ paymentIntentId: intent.id, paymentId: payment?.id ?? null })
      .where(eq(cardPurchases.id, row.id))
      .returning();
    return saved ?? row;
  });
  return {
    purchase: purchaseView(updated, drop),
    clientSecret: intent.client_secret ?? '',
    collectionId: drop.categoryId,
  };
}

/** The buyer's purchase `id`. @throws HttpError 404 (unknown, or someone else's) */
export async function getPurchase(db: Database, buyerId: number, id: number): Promise<PurchaseView> {
  const [found] = await db
    .select({
      purchase: cardPurchases,
      drop: { chainId: cardDrops.chainId, contractAddress: cardDrops.contractAddress },
    })
    .from(cardPurchases)
    .innerJoin(cardDrops, eq(cardDrops.id, cardPurchases.dropId))
    .where(and(eq(cardPurchases.id, id), eq(cardPurchases.userId, buyerId)));
  if (!found) throw notFound('No such purchase');
  return purchaseView(found.purchase, found.drop);
}

/** Marks `purchase` refunded (when in one of `from`) and its payment refunded in full. */
export async function markRefunded(
  tx: Transaction,
  purchase: { id: number; paymentId: number | null },
  from: readonly PurchaseStatus[],
  now: Date,
): Promise<void> {
  await tx
    .update(cardPurchases)
    .set({ status: 'refunded', updatedAt: now })
    .where(and(eq(cardPurchases.id, purchase.id), inArray(cardPurchases.status, [...from])));
  if (purchase.paymentId !== null) {
    await tx
      .update(paymentHistories)
      .set({ status: 'refunded', refundedAmount: sql`${paymentHistories.amount}`, updatedAt: now })
      .where(eq(paymentHistories.id, purchase.paymentId));
  }
}
