/**
 * Undoes what the indexer recorded from blocks a reorganisation threw away. When the chain no longer has the
 * block the cursor names (a reorganisation deeper than the confirmation depth), everything recorded after the
 * rewind point goes in one transaction: transfers and sales are removed, the ending of listings (sold or
 * cancelled by an event there) is taken back, and the ledger reverses what it booked from those blocks
 * (../ledger/fillReversal.server.ts: nothing of the ledger is deleted). Cards whose owner came from a removed
 * transfer get the owner of their last remaining transfer, or the chain's answer at the rewind point when the
 * history does not reach that far; the days of removed sales are recomputed in the market's daily stats; designs
 * frozen in those blocks are unfrozen until the freeze is seen again; the feed gets `sale.reverted` and
 * `transfer.reverted` for what went (../events/marketEvents.server.ts). Indexing then starts again from the
 * rewind point and records what the canonical chain holds; what was in both chains comes back the same.
 *
 * @see ./indexChain.server.ts (where a changed block is noticed)
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { setCardOwner } from '~/features/catalogue/cardWrites.server';
import { revertEvents } from '~/features/events/marketEvents.server';
import { reverseFillsAfter } from '~/features/ledger/fillReversal.server';
import { refreshDailyStats, soldDays } from '~/features/market/dailyStats.server';
import { forgetFreezesAfter } from '~/features/media/mediaRecords.server';
import { reopenAfterReorg } from '~/features/trading/orders/orderStatus.server';
import { cardTransfers } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { removeSalesAfter } from './saleRecords.server';

/** Reads a card's owner at a block, or undefined when the chain cannot tell (no such token then). */
export type OwnerAt = (contract: Address, tokenId: bigint, blockNumber: bigint) => Promise<Address | undefined>;

/** What a rollback removed. */
export interface RollbackResult {
  transfers: number;
  sales: number;
  reopened: number;
}

/** Removes everything recorded for `chainId` from blocks after `lastKept` (see the module comment). */
export async function rollBackAfter(
  db: Database,
  chainId: number,
  lastKept: bigint,
  ownerAt: OwnerAt,
  now = new Date(),
): Promise<RollbackResult> {
  const after = Number(lastKept);
  const removedTransfers = await db
    .select({ contract: cardTransfers.contractAddress, tokenId: cardTransfers.tokenId })
    .from(cardTransfers)
    .where(and(eq(cardTransfers.chainId, chainId), gt(cardTransfers.blockNumber, after)));
  const touched = new Map(removedTransfers.map((row) => [`${row.contract}:${row.tokenId}`, row]));
  // Chain reads happen before the transaction, so it stays short.
  const owners = new Map<string, string | undefined>();
  for (const [key, card] of touched) {
    const [previous] = await db
      .select({ to: cardTransfers.toAddress })
      .from(cardTransfers)
      .where(
        and(
          eq(cardTransfers.chainId, chainId),
          eq(cardTransfers.contractAddress, card.contract),
          eq(cardTransfers.tokenId, card.tokenId),
          sql`${cardTransfers.blockNumber} <= ${after}`,
        ),
      )
      .orderBy(desc(cardTransfers.blockNumber), desc(cardTransfers.logIndex))
      .limit(1);
    owners.set(
      key,
      previous?.to ?? (await ownerAt(card.contract as Address, BigInt(card.tokenId), lastKept))?.toLowerCase(),
    );
  }
  return db.transaction(async (tx) => {
    const transfers = await tx
      .delete(cardTransfers)
      .where(and(eq(cardTransfers.chainId, chainId), gt(cardTransfers.blockNumber, after)))
      .returning({ id: cardTransfers.id });
    await revertEvents(
      tx,
      'transfer',
      transfers.map((row) => row.id),
      now,
    );
    const removedSales = await removeSalesAfter(tx, chainId, after, now);
    for (const [contractAddress, moments] of soldDays(removedSales)) {
      await refreshDailyStats(tx, { chainId, contractAddress }, moments, now);
    }
    await reverseFillsAfter(tx, chainId, BigInt(after), now);
    const reopened = await reopenAfterReorg(tx, chainId, after, now);
    await forgetFreezesAfter(tx, chainId, after);
    for (const [key, owner] of owners) {
      const card = touched.get(key);
      if (!card || !owner) continue;
      await setCardOwner(tx, { chainId, contractAddress: card.contract, tokenId: card.tokenId }, owner);
    }
    return {
      transfers: transfers.length,
      sales: removedSales.length,
      reopened: reopened.listings.length + reopened.offers.length,
    };
  });
}
