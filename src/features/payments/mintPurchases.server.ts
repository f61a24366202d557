/**
 * From paid to "in your wallet", exactly once per payment: the minter claims a paid purchase (status
 * `minting`), signs the mint of the drop's next serial to the buyer, stores it with the purchase, sends it,
 * and records the card, its owner and the illustrator's payable entries in the ledger (`minted`). A purchase
 * whose mint fails three times is refunded (`refunding`, then Stripe's refund with an idempotency key,
 * `refunded`); the receipt page tells the buyer.
 *
 * A restart in the middle of a mint leaves its purchase `minting` with its signed mint: the next pass sends the
 * same bytes again and reads the token from that transaction's receipt (../issuance/serialMint.server.ts), so a
 * purchase only ever takes its own mint, and one token belongs to one purchase (a unique index). Unpaid holds
 * past their time are released and their PaymentIntents cancelled.
 */
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { getAddress, type Hash, type Hex } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { type MinterSettings, minterAccount, saveMintedCard } from '~/features/issuance/minter.server';
import { followSerialMint, type SignedMint, sendSerialMint } from '~/features/issuance/serialMint.server';
import { syncCardPayment } from '~/features/ledger/cardPayments.server';
import { queueRanking } from '~/features/market/rarity.server';
import { noticePurchase } from '~/features/notifications/moneyNotices.server';
import { cardDrops, cardPurchases, categories, paymentHistories } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { serverSettings } from '~/server/settings/settings.server';
import { type StripeSettings, stripeClient } from '~/server/stripe.server';
import { claimPaidPurchase, expireUnpaidHolds, movePurchase } from './purchaseStatus.server';
import { markRefunded, PENDING_MINUTES } from './purchases.server';

/** Mint attempts before a purchase is refunded. */
export const MAX_MINT_ATTEMPTS = 3;
/** A purchase `minting` for longer than this was left by a stopped process (a pass waits 60 s for a mint). */
export const STALE_MINTING_MS = 4 * 60_000;

/** What the minter needs. */
export interface MintDeps {
  chains: readonly Chain[];
  settings: StripeSettings;
  /** Whose minter mints (default: the server's settings). */
  minterSettings?: MinterSettings;
  now?: Date;
  /** Seconds a failed mint waits per attempt before the next (default 30). */
  retrySeconds?: number;
  /** How long one pass waits for a mint's receipt before leaving it to a later pass (default 60 s). */
  receiptTimeoutMs?: number;
}

type Purchase = typeof cardPurchases.$inferSelect;
type Drop = typeof cardDrops.$inferSelect;

async function dropOf(db: Database, purchase: Purchase): Promise<Drop> {
  const [drop] = await db.select().from(cardDrops).where(eq(cardDrops.id, purchase.dropId));
  if (!drop) throw new Error(`purchase ${purchase.id} has no drop`);
  return drop;
}

/** Records a mint: the purchase minted, the card in the catalogue, the payment's card, the ledger's entries. */
async function recordMint(
  db: Database,
  purchase: Purchase,
  drop: Drop,
  token: { tokenId: bigint; serial: number },
  hash: string,
  at: Date,
) {
  const [category] = await db.select().from(categories).where(eq(categories.id, drop.categoryId));
  if (!category) throw new Error(`drop ${drop.id} has no collection`);
  await db.transaction(async (tx) => {
    const cardId = await saveMintedCard(tx, {
      chainId: drop.chainId,
      category,
      creatorId: drop.illustratorId,
      owner: purchase.buyerAddress,
      name: drop.name,
      description: drop.description,
      image: drop.image,
      designId: BigInt(drop.designId),
      serials: drop.serials,
      token,
      at,
    });
    await queueRanking(tx, category.id); // its rarity moves: the ranking job ranks it again
    const minted = await movePurchase(tx, purchase.id, 'minted', ['minting'], {
      tokenId: token.tokenId.toString(),
      mintTxHash: hash,
      mintedAt: at,
      updatedAt: at,
    });
    if (minted) await noticePurchase(tx, purchase.id, 'purchase_minted', cardId);
    if (purchase.paymentId !== null) {
      await tx
        .update(paymentHistories)
        .set({ cardId, updatedAt: at })
        .where(eq(paymentHistories.id, purchase.paymentId));
      await syncCardPayment(tx, purchase.paymentId);
    }
  });
}

const mintingNow = (id: number) => and(eq(cardPurchases.id, id), eq(cardPurchases.status, 'minting'));

/** A failed attempt: back to `paid` for the next attempt, or `refunding` after the last; the stored mint is dropped. */
async function failAttempt(db: Database, purchase: Purchase, reason: string, now: Date) {
  const last = purchase.mintAttempts >= MAX_MINT_ATTEMPTS;
  console.warn(`[payments] minting purchase ${purchase.id} failed (attempt ${purchase.mintAttempts}): ${reason}`);
  await movePurchase(db, purchase.id, last ? 'refunding' : 'paid', ['minting'], {
    // A revert reason may carry NUL bytes, which a text column refuses.
    failure: reason.replace(/\p{Cc}/gu, ' ').slice(0, 500),
    mintRawTx: null,
    mintTxHash: null,
    updatedAt: now,
  });
}

/**
 * Mints one claimed purchase, or follows the mint stored with it (../issuance/serialMint.server.ts): a stored
 * mint is sent again and followed to its receipt; one whose nonce another transaction took is signed anew.
 */
async function mintOne(db: Database, purchase: Purchase, deps: MintDeps, now: Date): Promise<void> {
  const drop = await dropOf(db, purchase);
  const chain = deps.chains.find((candidate) => candidate.chainId === drop.chainId);
  const account = minterAccount(deps.minterSettings ?? serverSettings());
  if (!chain || !account) return failAttempt(db, purchase, 'no chain or minter for this drop', now);
  const parameters = {
    contract: getAddress(drop.contractAddress),
    designId: BigInt(drop.designId),
    to: getAddress(purchase.buyerAddress),
  };
  try {
    let mint: SignedMint | undefined =
      purchase.mintRawTx && purchase.mintTxHash
        ? { raw: purchase.mintRawTx as Hex, hash: purchase.mintTxHash as Hash }
        : undefined;
    let outcome = mint ? await followSerialMint(chain, mint, parameters, deps.receiptTimeoutMs) : undefined;
    if (mint && outcome?.status === 'dropped') {
      // Its nonce went to another transaction: it can never be mined. Only the process that clears it signs anew.
      const cleared = await db
        .update(cardPurchases)
        .set({ mintRawTx: null, mintTxHash: null, updatedAt: now })
        .where(and(mintingNow(purchase.id), eq(cardPurchases.mintTxHash, mint.hash)))
        .returning({ id: cardPurchases.id });
      if (cleared.length === 0) return;
      outcome = undefined;
    }
    if (!outcome) {
      mint = await sendSerialMint(chain, account, parameters, async (signed) => {
        // At most one signed mint is stored per purchase at a time.
        const stored = await db
          .update(cardPurchases)
          .set({ mintRawTx: signed.raw, mintTxHash: signed.hash, updatedAt: now })
          .where(and(mintingNow(purchase.id), isNull(cardPurchases.mintTxHash)))
          .returning({ id: cardPurchases.id });
        return stored.length > 0;
      });
      if (!mint) return;
      outcome = await followSerialMint(chain, mint, parameters, deps.receiptTimeoutMs);
    }
    if (outcome.status === 'minted') return recordMint(db, purchase, drop, outcome, outcome.hash, now);
    if (outcome.status === 'reverted')
      return failAttempt(db, purchase, `mint transaction ${outcome.hash} reverted`, now);
    // Pending: the purchase stays `minting` with its mint stored; a later pass follows it.
  } catch (error) {
    await failAttempt(db, purchase, String(error), now);
  }
}

/** Refunds the purchases whose mint failed for good. */
async function refundFailed(db: Database, deps: MintDeps, now: Date): Promise<number> {
  const due = await db.select().from(cardPurchases).where(eq(cardPurchases.status, 'refunding')).limit(20);
  for (const purchase of due) {
    if (!purchase.paymentIntentId) continue;
    try {
      await stripeClient(deps.settings).refunds.create(
        { payment_intent: purchase.paymentIntentId, metadata: { purchase_id: String(purchase.id) } },
        { idempotencyKey: `kirafuda-refund-${purchase.id}` },
      );
    } catch (error) {
      console.warn(`[payments] refunding purchase ${purchase.id} failed, will try again: ${error}`);
      continue;
    }
    await db.transaction((tx) => markRefunded(tx, purchase, ['refunding'], now));
  }
  return due.length;
}

/** Releases holds unpaid past {@link PENDING_MINUTES} and cancels their PaymentIntents. */
async function releaseUnpaid(db: Database, deps: MintDeps, now: Date): Promise<void> {
  const released = await expireUnpaidHolds(db, new Date(now.getTime() - PENDING_MINUTES * 60_000), now);
  for (const paymentIntentId of released) {
    if (!paymentIntentId) continue;
    await stripeClient(deps.settings)
      .paymentIntents.cancel(paymentIntentId)
      .catch((error: unknown) => console.warn(`[payments] cancelling ${paymentIntentId} failed: ${error}`));
  }
}

/** One pass (see the module comment); resolves with the purchases it minted or adopted (or failed to). */
export async function mintPaidPurchases(db: Database, deps: MintDeps): Promise<Purchase[]> {
  const now = deps.now ?? new Date();
  await releaseUnpaid(db, deps, now);
  // Left by a stopped process: taken over (the update claims them) and looked at again; mintOne adopts a
  // mint that went through.
  const stale = await db
    .update(cardPurchases)
    .set({ updatedAt: now })
    .where(
      and(eq(cardPurchases.status, 'minting'), lt(cardPurchases.updatedAt, new Date(now.getTime() - STALE_MINTING_MS))),
    )
    .returning();
  if (stale.length > 0)
    console.warn(`[payments] ${stale.length} mint(s) left unfinished by a stopped process: checking them`);
  const handled: Purchase[] = [];
  for (const purchase of stale) {
    await mintOne(db, purchase, deps, now);
    handled.push(purchase);
  }
  const retrySeconds = deps.retrySeconds ?? 30;
  for (
    let purchase = await claimPaidPurchase(db, now, retrySeconds);
    purchase;
    purchase = await claimPaidPurchase(db, now, retrySeconds)
  ) {
    await mintOne(db, purchase, deps, now);
    handled.push(purchase);
  }
  await refundFailed(db, deps, now);
  return handled;
}

/** The collections of the drops of `purchases`. */
export async function dropCollections(db: Database, purchases: readonly Purchase[]): Promise<number[]> {
  const ids = [...new Set(purchases.map((purchase) => purchase.dropId))];
  if (ids.length === 0) return [];
  const rows = await db.select({ categoryId: cardDrops.categoryId }).from(cardDrops).where(inArray(cardDrops.id, ids));
  return [...new Set(rows.map((row) => row.categoryId))];
}
