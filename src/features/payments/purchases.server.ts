/**
 * Buying a drop's card with a card in yen: the buyer (signed in with a wallet, which receives the card) gets
 * one of the drop's serials held for them and a Stripe PaymentIntent for the drop's price, read from the
 * database (never from the browser), created with an idempotency key of the purchase. A held serial the buyer
 * does not pay for is released after {@link PENDING_MINUTES} minutes. No drop is ever oversold: a serial is
 * held by one live purchase at most (a unique index), and holding one locks the drop's row. No drop is held
 * hostage: who may hold how many serials is ./holdRules.ts; a buyer who asks again while their hold lives gets
 * the same hold and the same PaymentIntent back.
 *
 * Why holds are capped rather than taken only once Stripe confirms the payment (its deferred-intent flow): the
 * webhook, mint and refund flow stays as it is (./paymentEvents.server.ts marks the held purchase paid,
 * ./mintPurchases.server.ts mints its serial or refunds it), a paid buyer always has their serial, and a
 * payment never has to be refunded because the last serial went to someone else meanwhile.
 */
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { noticePurchase } from '~/features/notifications/moneyNotices.server';
import { networkOf } from '~/lib/network';
import { conflict, HttpError, notFound } from '~/server/api/errors';
import { cardDrops, cardPurchases, paymentHistories } from '~/server/db/schema';
import type { PurchaseStatus } from '~/server/db/schema/payments';
import type { Database, Transaction } from '~/server/db/types';
import { type StripeSettings, stripeClient } from '~/server/stripe.server';
import { type HoldRefusal, holdRefusal, PENDING_MINUTES } from './holdRules';
import { insertPurchaseHold, movePurchase } from './purchaseStatus.server';

export { MAX_PENDING_PER_BUYER, PENDING_MINUTES } from './holdRules';

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
type Drop = typeof cardDrops.$inferSelect;

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

/**
 * Statuses of a purchase whose serial is paid for (or being minted). One being refunded holds none (its mint
 * failed, or it was paid after its hold ran out): the same live statuses as the slot's unique index.
 */
const SOLD: PurchaseStatus[] = ['paid', 'minting', 'minted'];

const REFUSALS: Record<HoldRefusal['reason'], { status: number; message: string }> = {
  sold_out: { status: 409, message: 'Sold out' },
  reserved: { status: 409, message: 'All remaining cards are reserved by other buyers; try again later' },
  lapsed: { status: 429, message: 'Your reservation of this card ran out; you can reserve it again later' },
  limit: { status: 429, message: 'Your network already reserves as many of these cards as one buyer may' },
  buyer_limit: { status: 429, message: 'You have too many unpaid reservations; pay for them or wait' },
};

/**
 * A refused hold: the status and message of its reason, and when asking again may succeed. The purchase
 * endpoint answers its `reason` and `retryAfterSeconds` too, for the checkout to say what to do.
 */
export class HoldRefusedError extends HttpError {
  constructor(readonly refusal: HoldRefusal) {
    const { status, message } = REFUSALS[refusal.reason];
    const retry = refusal.retryAfterSeconds;
    super(status, message, retry === null ? {} : { 'Retry-After': String(retry) });
    this.name = 'HoldRefusedError';
  }
}

/** Who asks for a hold: the signed-in wallet's user, and the address the request came from (`locals.client.ip`). */
export interface Buyer {
  id: number;
  walletAddress: string;
  ip: string;
}

/** The facts the hold rules weigh, read inside the drop's locked transaction. */
async function holdFacts(tx: Transaction, drop: Drop, buyer: Buyer, now: Date) {
  const recent = new Date(now.getTime() - 2 * PENDING_MINUTES * 60_000);
  // A lapsed hold counts for one more hold period; one that failed to reach Stripe (failure set) never does.
  const stillCounts = or(
    eq(cardPurchases.status, 'pending'),
    and(eq(cardPurchases.status, 'expired'), isNull(cardPurchases.failure), gt(cardPurchases.createdAt, recent)),
  );
  const [ofDrop, ofNetwork, ofBuyer, [pending]] = await Promise.all([
    tx
      .select({ status: cardPurchases.status, createdAt: cardPurchases.createdAt })
      .from(cardPurchases)
      .where(and(eq(cardPurchases.dropId, drop.id), inArray(cardPurchases.status, ['pending', ...SOLD]))),
    tx
      .select({ createdAt: cardPurchases.createdAt })
      .from(cardPurchases)
      .where(and(eq(cardPurchases.dropId, drop.id), eq(cardPurchases.buyerNetwork, networkOf(buyer.ip)), stillCounts)),
    tx
      .select({ createdAt: cardPurchases.createdAt })
      .from(cardPurchases)
      .where(and(eq(cardPurchases.dropId, drop.id), eq(cardPurchases.userId, buyer.id), stillCounts)),
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cardPurchases)
      .where(and(eq(cardPurchases.userId, buyer.id), eq(cardPurchases.status, 'pending'))),
  ]);
  return {
    serials: drop.serials,
    sold: ofDrop.filter((row) => row.status !== 'pending').length,
    reservedAt: ofDrop.filter((row) => row.status === 'pending').map((row) => row.createdAt),
    networkHoldsAt: ofNetwork.map((row) => row.createdAt),
    // The buyer's live hold was looked for first: what still counts here lapsed.
    buyerLapsedAt: ofBuyer[0]?.createdAt,
    buyerPending: pending?.n ?? 0,
    now,
  };
}

/**
 * Holds the drop's first free serial for the buyer, or gives back the hold they have (`reused`).
 * @throws HttpError 404, 409 (not on sale, sold out, all held), 429 (a cap of ./holdRules.ts)
 */
async function holdSerial(db: Database, buyer: Buyer, dropId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [drop] = await tx.select().from(cardDrops).where(eq(cardDrops.id, dropId)).for('update');
    if (!drop) throw notFound('No such drop');
    if (drop.startsAt > now) throw conflict('This sale has not started yet');
    if (drop.endsAt <= now) throw conflict('This sale has ended');
    const [held] = await tx
      .select()
      .from(cardPurchases)
      .where(
        and(eq(cardPurchases.dropId, drop.id), eq(cardPurchases.userId, buyer.id), eq(cardPurchases.status, 'pending')),
      )
      .limit(1);
    if (held) return { row: held, drop, reused: true };
    const refusal = holdRefusal(await holdFacts(tx, drop, buyer, now));
    if (refusal) throw new HoldRefusedError(refusal);
    const free = await tx.execute<{ slot: unknown }>(sql`
      select min(s) as slot from generate_series(1, ${drop.serials}::int) s
      where s not in (select ${cardPurchases.slot} from ${cardPurchases}
        where ${cardPurchases.dropId} = ${drop.id} and ${cardPurchases.status} in ('pending', 'paid', 'minting', 'minted'))`);
    const slot = free.rows[0]?.slot;
    // The rules counted the same rows under the same lock: a free serial is there.
    if (slot === null || slot === undefined) throw new Error(`drop ${drop.id}: the hold rules saw a free serial`);
    const row = await insertPurchaseHold(tx, {
      dropId: drop.id,
      userId: buyer.id,
      buyerAddress: buyer.walletAddress.toLowerCase(),
      buyerNetwork: networkOf(buyer.ip),
      amountJpy: drop.priceJpy,
      slot: Number(slot),
    });
    return { row, drop, reused: false };
  });
}

/** PaymentIntent statuses of a payment the buyer has made (or is making): asking again must not pay twice. */
const PAYMENT_STARTED = new Set(['processing', 'requires_capture', 'succeeded']);

/** The PaymentIntent of a hold: created once per purchase (Stripe replays the same one for its key). */
async function intentOf(settings: StripeSettings, row: Row, drop: Drop) {
  const stripe = stripeClient(settings);
  if (row.paymentIntentId) return stripe.paymentIntents.retrieve(row.paymentIntentId);
  return stripe.paymentIntents.create(
    {
      amount: drop.priceJpy,
      currency: 'jpy',
      automatic_payment_methods: { enabled: true },
      metadata: { purchase_id: String(row.id), drop_id: String(drop.id) },
    },
    { idempotencyKey: `kirafuda-purchase-${row.id}` },
  );
}

/** Records a new PaymentIntent on its purchase and as a pending payment, once (a replay finds it recorded). */
async function recordIntent(db: Database, row: Row, buyerId: number, intentId: string, amount: number): Promise<Row> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(cardPurchases)
      .set({ paymentIntentId: intentId })
      .where(and(eq(cardPurchases.id, row.id), isNull(cardPurchases.paymentIntentId)))
      .returning();
    if (!claimed) return (await tx.select().from(cardPurchases).where(eq(cardPurchases.id, row.id)))[0] ?? row;
    const [payment] = await tx
      .insert(paymentHistories)
      .values({
        provider: 'stripe',
        providerPaymentId: intentId,
        userId: buyerId,
        amount: String(amount),
        currency: 'JPY',
        status: 'pending',
      })
      .returning({ id: paymentHistories.id });
    const [saved] = await tx
      .update(cardPurchases)
      .set({ paymentId: payment?.id ?? null })
      .where(eq(cardPurchases.id, row.id))
      .returning();
    return saved ?? claimed;
  });
}

/**
 * Starts a purchase: holds a serial and creates its PaymentIntent, or gives back the buyer's live hold of the
 * drop and its PaymentIntent (`reused`; no second one is created). See the module comment.
 * @throws HttpError 404, 409, 429 ({@link HoldRefusedError} says why), 502 (Stripe did not answer; a new hold
 *   is released, a reused one kept)
 */
export async function startPurchase(
  db: Database,
  buyer: Buyer,
  dropId: number,
  settings: StripeSettings,
  now = new Date(),
): Promise<{
  purchase: PurchaseView;
  clientSecret: string;
  collectionId: number;
  reused: boolean;
  /** The reused hold's payment went through already (Stripe's event is on its way): nothing to pay again. */
  paymentStarted: boolean;
}> {
  const { row, drop, reused } = await holdSerial(db, buyer, dropId, now);
  let intent: { id: string; client_secret: string | null; status: string };
  try {
    intent = await intentOf(settings, row, drop);
  } catch (error) {
    if (!reused) await movePurchase(db, row.id, 'expired', ['pending'], { failure: String(error) });
    throw new HttpError(502, 'The card payment service is not answering; try again');
  }
  const updated = row.paymentIntentId ? row : await recordIntent(db, row, buyer.id, intent.id, drop.priceJpy);
  return {
    purchase: purchaseView(updated, drop),
    clientSecret: intent.client_secret ?? '',
    collectionId: drop.categoryId,
    reused,
    paymentStarted: PAYMENT_STARTED.has(intent.status),
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
  const moved = await movePurchase(tx, purchase.id, 'refunded', from, { updatedAt: now });
  if (moved) await noticePurchase(tx, purchase.id, 'purchase_refunded');
  if (purchase.paymentId !== null) {
    await tx
      .update(paymentHistories)
      .set({ status: 'refunded', refundedAmount: sql`${paymentHistories.amount}`, updatedAt: now })
      .where(eq(paymentHistories.id, purchase.paymentId));
  }
}
