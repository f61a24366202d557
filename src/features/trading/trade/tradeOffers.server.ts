/**
 * The one writer of `trade_offers` (src/server/db/writers.ts): a trade offer is stored open, and leaves that state
 * once: declined or countered by its taker (the server then signs no fill of it, so it ends without gas), or
 * accepted when the indexer reads its fill (open again if a reorganisation throws that fill away). Each change
 * tells the other side (features/notifications), in the same transaction, so a notice exists exactly when the
 * change does.
 */
import { and, eq, gt } from 'drizzle-orm';
import { cardParams, notifyWallet } from '~/features/notifications/notify.server';
import { cards, tradeOffers } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { ofCard } from '../orders/cardRows.server';

type Db = Database | Transaction;

/** A stored trade offer. */
export type TradeOfferRow = typeof tradeOffers.$inferSelect;

/** The notice's parameters: the card the trade is for. */
async function paramsOf(db: Db, row: Pick<TradeOfferRow, 'chainId' | 'contractAddress' | 'tokenId'>) {
  const [card] = await db.select({ id: cards.id }).from(cards).where(ofCard(cards, row));
  return cardParams(db, card?.id ?? null);
}

/**
 * Stores a trade offer (or a counter, with `counterOf`: the answered offer is marked countered in the same
 * transaction) and tells its taker. Answers the stored row, or the existing one for an order stored before.
 */
export async function insertTradeOffer(
  db: Database,
  values: typeof tradeOffers.$inferInsert,
): Promise<{ row: TradeOfferRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(tradeOffers).values(values).onConflictDoNothing().returning();
    if (!row) {
      const [existing] = await tx.select().from(tradeOffers).where(eq(tradeOffers.orderHash, values.orderHash));
      if (!existing) throw new Error('trade offer neither stored nor found');
      return { row: existing, created: false };
    }
    if (values.counterOf) {
      await tx
        .update(tradeOffers)
        .set({ status: 'countered', closedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(tradeOffers.id, values.counterOf), eq(tradeOffers.status, 'open')));
    }
    await notifyWallet(tx, row.takerAddress, {
      kind: 'trade_received',
      eventKey: `trade:${row.id}`,
      params: await paramsOf(tx, row),
    });
    return { row, created: true };
  });
}

/** Declines an open trade offer and tells its offerer; false when it was no longer open. */
export async function declineTradeOffer(db: Database, id: number, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tradeOffers)
      .set({ status: 'declined', closedAt: at, updatedAt: at })
      .where(and(eq(tradeOffers.id, id), eq(tradeOffers.status, 'open')))
      .returning();
    if (!row) return false;
    await notifyWallet(tx, row.offererAddress, {
      kind: 'trade_declined',
      eventKey: `trade:${row.id}:declined`,
      params: await paramsOf(tx, row),
    });
    return true;
  });
}

/**
 * The indexer read the fill of the trade order `orderHash` on `chainId`: the offer is accepted (whatever its state
 * here: the chain decides), and both sides are told once. Nothing for an order that is not a stored trade.
 */
export async function markTradeAccepted(
  tx: Transaction,
  chainId: number,
  orderHash: string,
  when: { at: Date; block: bigint },
): Promise<void> {
  const [row] = await tx
    .update(tradeOffers)
    .set({ status: 'accepted', closedAt: when.at, closedBlock: Number(when.block), updatedAt: when.at })
    .where(and(eq(tradeOffers.chainId, chainId), eq(tradeOffers.orderHash, orderHash.toLowerCase())))
    .returning();
  if (!row) return;
  const params = await paramsOf(tx, row);
  for (const wallet of [row.offererAddress, row.takerAddress]) {
    await notifyWallet(tx, wallet, { kind: 'trade_completed', eventKey: `trade:${row.id}:done`, params });
  }
}

/**
 * A reorganisation threw away blocks after `after` on `chainId`: the trade offers their fills accepted are open
 * again (their sales went with the blocks; the chain will show the fill again, or not).
 */
export async function reopenTradesAfterReorg(tx: Transaction, chainId: number, after: number, now: Date) {
  await tx
    .update(tradeOffers)
    .set({ status: 'open', closedAt: null, closedBlock: null, updatedAt: now })
    .where(
      and(
        eq(tradeOffers.chainId, chainId),
        eq(tradeOffers.status, 'accepted'),
        gt(tradeOffers.closedBlock, after),
        gt(tradeOffers.expiresAt, now),
      ),
    );
}
