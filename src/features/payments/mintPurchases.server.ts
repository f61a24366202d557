/**
 * From paid to "in your wallet", exactly once per payment: the minter claims a paid purchase (status
 * `minting`), mints the drop's next serial to the buyer, and records the card, its owner and the
 * illustrator's payable revenue (`minted`). A purchase whose mint fails three times is refunded
 * (`refunding`, then Stripe's refund with an idempotency key, `refunded`); the receipt page tells the buyer.
 *
 * A restart in the middle of a mint leaves its purchase `minting`: the next pass counts the design's
 * `SerialMinted` events to the buyer on chain against the purchases recorded minted, adopts the token when
 * the mint went through, and mints again only when it did not. Unpaid holds past their time are released
 * and their PaymentIntents cancelled.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { getAddress, parseAbiItem } from 'viem';
import { cardDrops, cardPurchases, categories, paymentHistories } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { Chain } from '../chains/chains';
import { publicClientFor } from '../chains/publicClients.server';
import { type MinterEnv, minterAccount, mintNextSerial, saveMintedCard } from '../issuance/minter.server';
import { bookCardPaymentRevenue } from '../trading/revenues.server';
import { markRefunded, PENDING_MINUTES } from './purchases.server';
import { type StripeSettings, stripeClient } from '~/server/stripe.server';

/** Mint attempts before a purchase is refunded. */
export const MAX_MINT_ATTEMPTS = 3;
/** A purchase `minting` for longer than this was left by a stopped process (a mint waits 180 s at most). */
export const STALE_MINTING_MS = 4 * 60_000;

const serialMinted = parseAbiItem(
  'event SerialMinted(uint256 indexed tokenId, uint256 indexed designId, uint64 serial, address indexed to)',
);

/** What the minter needs. */
export interface MintDeps {
  chains: readonly Chain[];
  settings: StripeSettings;
  env?: MinterEnv;
  now?: Date;
  /** Seconds a failed mint waits per attempt before the next (default 30). */
  retrySeconds?: number;
}

type Purchase = typeof cardPurchases.$inferSelect;
type Drop = typeof cardDrops.$inferSelect;

async function dropOf(db: Database, purchase: Purchase): Promise<Drop> {
  const [drop] = await db.select().from(cardDrops).where(eq(cardDrops.id, purchase.dropId));
  if (!drop) throw new Error(`purchase ${purchase.id} has no drop`);
  return drop;
}

/** Records a mint: the purchase minted, the card in the catalogue, the payment's card, the revenue. */
async function recordMint(
  db: Database,
  purchase: Purchase,
  drop: Drop,
  token: { tokenId: bigint; serial: number },
  hash: string | null,
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
    await tx
      .update(cardPurchases)
      .set({ status: 'minted', tokenId: token.tokenId.toString(), mintTxHash: hash, mintedAt: at, updatedAt: at })
      .where(and(eq(cardPurchases.id, purchase.id), eq(cardPurchases.status, 'minting')));
    if (purchase.paymentId !== null) {
      await tx
        .update(paymentHistories)
        .set({ cardId, updatedAt: at })
        .where(eq(paymentHistories.id, purchase.paymentId));
      await bookCardPaymentRevenue(tx, purchase.paymentId);
    }
  });
}

/** Tokens of the drop's design minted to the buyer on chain that no minted purchase records yet. */
async function unrecordedMints(db: Database, chain: Chain, drop: Drop, buyer: string) {
  const logs = await publicClientFor(chain).getLogs({
    address: getAddress(drop.contractAddress),
    event: serialMinted,
    args: { designId: BigInt(drop.designId), to: getAddress(buyer) },
    fromBlock: BigInt(drop.issuedBlock),
    strict: true,
  });
  const recorded = await db
    .select({ tokenId: cardPurchases.tokenId })
    .from(cardPurchases)
    .where(and(eq(cardPurchases.dropId, drop.id), eq(cardPurchases.status, 'minted')));
  const known = new Set(recorded.map((row) => row.tokenId));
  return logs
    .filter((log) => !known.has(log.args.tokenId.toString()))
    .map((log) => ({ tokenId: log.args.tokenId, serial: Number(log.args.serial), hash: log.transactionHash }));
}

/** Mints one claimed purchase, or adopts the mint a stopped process made for it. */
async function mintOne(db: Database, purchase: Purchase, deps: MintDeps, now: Date): Promise<void> {
  const drop = await dropOf(db, purchase);
  const chain = deps.chains.find((candidate) => candidate.chainId === drop.chainId);
  const account = minterAccount(deps.env);
  try {
    if (!chain || !account) throw new Error('no chain or minter for this drop');
    const [done] = await unrecordedMints(db, chain, drop, purchase.buyerAddress);
    if (done) return recordMint(db, purchase, drop, done, done.hash, now);
    const minted = await mintNextSerial(chain, account, {
      contract: getAddress(drop.contractAddress),
      designId: BigInt(drop.designId),
      to: getAddress(purchase.buyerAddress),
    });
    await recordMint(db, purchase, drop, minted, minted.hash, now);
  } catch (error) {
    const last = purchase.mintAttempts >= MAX_MINT_ATTEMPTS;
    console.warn(`[payments] minting purchase ${purchase.id} failed (attempt ${purchase.mintAttempts}): ${error}`);
    await db
      .update(cardPurchases)
      .set({ status: last ? 'refunding' : 'paid', failure: String(error).slice(0, 500), updatedAt: now })
      .where(and(eq(cardPurchases.id, purchase.id), eq(cardPurchases.status, 'minting')));
  }
}

/** Claims the oldest paid purchase (one process at a time gets it), counting the attempt. */
async function claim(db: Database, now: Date, retrySeconds: number): Promise<Purchase | undefined> {
  const [claimed] = await db
    .update(cardPurchases)
    .set({ status: 'minting', mintAttempts: sql`${cardPurchases.mintAttempts} + 1`, updatedAt: now })
    .where(
      eq(
        cardPurchases.id,
        // A failed mint waits retrySeconds per attempt before the next.
        sql`(select ${cardPurchases.id} from ${cardPurchases} where ${cardPurchases.status} = 'paid'
          and (${cardPurchases.mintAttempts} = 0
            or ${cardPurchases.updatedAt} <= ${now}::timestamptz - ${cardPurchases.mintAttempts} * ${retrySeconds} * interval '1 second')
          order by ${cardPurchases.id} limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return claimed;
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
  const released = await db
    .update(cardPurchases)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(cardPurchases.status, 'pending'),
        lt(cardPurchases.createdAt, new Date(now.getTime() - PENDING_MINUTES * 60_000)),
      ),
    )
    .returning({ paymentIntentId: cardPurchases.paymentIntentId });
  for (const { paymentIntentId } of released) {
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
  for (let purchase = await claim(db, now, retrySeconds); purchase; purchase = await claim(db, now, retrySeconds)) {
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
