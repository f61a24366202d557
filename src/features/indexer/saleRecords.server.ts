/**
 * The one writer of `sales` (src/server/db/writers.ts): the indexer records a sale when it reads a fill, once
 * per position (chain, transaction, log), and removes the sales of blocks a reorganisation threw away. What the
 * ledger booked from a sale is the ledger's own record (`fill_bookings`), reversed there, never deleted with it.
 * A recorded sale is a `sale` event for the feed and webhooks (and `offer.accepted` when an offer was filled), in
 * the same transaction; a removed one is followed by `sale.reverted` (../events/marketEvents.server.ts).
 */
import { and, eq, gt } from 'drizzle-orm';
import { CURRENCIES, type CurrencyCode } from '~/features/chains/currencies';
import { type MarketEventInput, recordEvents, revertEvents } from '~/features/events/marketEvents.server';
import { sales } from '~/server/db/schema';
import type { Transaction } from '~/server/db/types';

type Sale = typeof sales.$inferInsert;

/** A sale as the feed tells it (amounts in the currency's smallest unit, as decimal strings). */
function saleData(id: number, sale: Sale) {
  return {
    sale_id: id,
    chain_id: sale.chainId,
    contract_address: sale.contractAddress,
    token_id: sale.tokenId,
    seller: sale.sellerAddress,
    buyer: sale.buyerAddress,
    price: sale.price,
    currency_code: sale.currencyCode,
    currency: CURRENCIES[sale.currencyCode as CurrencyCode]?.symbol ?? null,
    platform_fee: sale.platformFee ?? '0',
    royalty: sale.royalty ?? '0',
    listing_id: sale.orderId ?? null,
    offer_id: sale.offerId ?? null,
    tx_hash: sale.txHash,
    block_number: sale.blockNumber,
    log_index: sale.logIndex,
    sold_at: sale.soldAt.toISOString(),
  };
}

/** Records a sale; answers its id, or undefined when that fill was recorded already (a range read again). */
export async function recordSale(tx: Transaction, sale: Sale): Promise<number | undefined> {
  const [row] = await tx.insert(sales).values(sale).onConflictDoNothing().returning({ id: sales.id });
  if (!row) return undefined;
  const data = saleData(row.id, sale);
  const place = { chainId: sale.chainId, contractAddress: sale.contractAddress, occurredAt: sale.soldAt };
  const told: MarketEventInput[] = [{ type: 'sale', factKey: `sale:${row.id}`, ...place, data }];
  if (sale.offerId) told.push({ type: 'offer.accepted', factKey: `sale:${row.id}:offer`, ...place, data });
  await recordEvents(tx, told);
  return row.id;
}

/**
 * Removes the sales of `chainId` recorded from blocks after `lastKept`, telling each as `sale.reverted`; answers
 * what went (for the day stats).
 */
export async function removeSalesAfter(tx: Transaction, chainId: number, lastKept: number, now = new Date()) {
  const removed = await tx
    .delete(sales)
    .where(and(eq(sales.chainId, chainId), gt(sales.blockNumber, lastKept)))
    .returning({ id: sales.id, contractAddress: sales.contractAddress, soldAt: sales.soldAt });
  await revertEvents(
    tx,
    'sale',
    removed.map((row) => row.id),
    now,
  );
  return removed;
}
