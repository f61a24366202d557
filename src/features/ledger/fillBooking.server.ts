/**
 * Books fills into the ledger, inside the indexer's range transaction: first what reached the platform's
 * payment address (receipts, for every fill whoever made the order: the reconciliation counts them), then the
 * revenue rows of a recorded sale of a stored order (./fillRevenues.ts) under the ledger's own record of the
 * fill (`fill_bookings`), each payable row consuming one receipt. Reading a range again adds nothing: receipts
 * and fills are unique per position among those still on the chain, revenue rows per fill or per receipt.
 *
 * @see ./fillReversal.server.ts (a reorganisation), ../../../docs/architecture.md ("Money")
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { fillBookings, platformReceipts, revenues } from '~/server/db/schema';
import type { ReceiptSource } from '~/server/db/schema/ledger';
import type { Transaction } from '~/server/db/types';
import type { FillRevenue, ReceiptKey } from './fillRevenues';

/** One payment the chain proves reached the payment address in a fill. */
export interface FillReceipt extends ReceiptKey {
  source: ReceiptSource;
  token: string;
  currencyCode: number;
  amount: bigint;
}

/** Where the fill's receipts sit on the chain. */
export interface FillPosition {
  chainId: number;
  txHash: string;
  blockNumber: number;
  at: Date;
}

const keyOf = (key: ReceiptKey) => `${key.logIndex}:${key.itemIndex}`;

/** Records `receipts` of one fill (idempotent); answers their ids by {@link ReceiptKey}. */
export async function recordReceipts(
  tx: Transaction,
  position: FillPosition,
  receipts: readonly FillReceipt[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (receipts.length === 0) return ids;
  const txHash = position.txHash.toLowerCase();
  await tx
    .insert(platformReceipts)
    .values(
      receipts.map((receipt) => ({
        chainId: position.chainId,
        txHash,
        logIndex: receipt.logIndex,
        itemIndex: receipt.itemIndex,
        source: receipt.source,
        token: receipt.token.toLowerCase(),
        currencyCode: receipt.currencyCode,
        amount: receipt.amount.toString(),
        blockNumber: position.blockNumber,
        receivedAt: position.at,
      })),
    )
    .onConflictDoNothing({
      target: [
        platformReceipts.chainId,
        platformReceipts.txHash,
        platformReceipts.logIndex,
        platformReceipts.itemIndex,
      ],
      where: sql`${platformReceipts.reversedAt} is null`,
    });
  const rows = await tx
    .select({ id: platformReceipts.id, logIndex: platformReceipts.logIndex, itemIndex: platformReceipts.itemIndex })
    .from(platformReceipts)
    .where(
      and(
        eq(platformReceipts.chainId, position.chainId),
        eq(platformReceipts.txHash, txHash),
        isNull(platformReceipts.reversedAt),
        inArray(
          platformReceipts.logIndex,
          receipts.map((receipt) => receipt.logIndex),
        ),
      ),
    );
  for (const row of rows) ids.set(keyOf(row), row.id);
  return ids;
}

/** The fill of one recorded sale: its `OrderFulfilled` log's position and time. */
export interface BookedFill {
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  soldAt: Date;
  /** What the sale was for, its platform fee and their currency (the statements' gross sales and fees). */
  price?: bigint | undefined;
  platformFee?: bigint | undefined;
  currencyCode?: number | undefined;
}

/** The ledger's record of `fill` among those still on the chain, made on first sight; its id. */
async function fillBooking(tx: Transaction, fill: BookedFill): Promise<number> {
  const position = { chainId: fill.chainId, txHash: fill.txHash.toLowerCase(), logIndex: fill.logIndex };
  await tx
    .insert(fillBookings)
    .values({
      ...position,
      blockNumber: fill.blockNumber,
      soldAt: fill.soldAt,
      price: fill.price?.toString() ?? null,
      platformFee: fill.platformFee?.toString() ?? null,
      currencyCode: fill.currencyCode ?? null,
    })
    .onConflictDoNothing({
      target: [fillBookings.chainId, fillBookings.txHash, fillBookings.logIndex],
      where: sql`${fillBookings.reversedAt} is null`,
    });
  const [row] = await tx
    .select({ id: fillBookings.id })
    .from(fillBookings)
    .where(
      and(
        eq(fillBookings.chainId, position.chainId),
        eq(fillBookings.txHash, position.txHash),
        eq(fillBookings.logIndex, position.logIndex),
        isNull(fillBookings.reversedAt),
      ),
    );
  if (!row) throw new Error(`the fill ${position.txHash}:${position.logIndex} was not booked`);
  return row.id;
}

/**
 * Books the revenue rows of one recorded sale's fill (idempotent). A payable row whose receipt was not recorded
 * is not booked: nothing is payable that the chain does not show arrived.
 */
export async function bookSaleRevenues(
  tx: Transaction,
  fill: BookedFill,
  rows: readonly FillRevenue[],
  receiptIds: ReadonlyMap<string, number>,
): Promise<void> {
  const values = rows.flatMap((row) => {
    const receiptId = row.receipt ? receiptIds.get(keyOf(row.receipt)) : undefined;
    if (row.settlement === 'payable' && receiptId === undefined) return [];
    return [{ row, receiptId: row.settlement === 'payable' ? (receiptId ?? null) : null }];
  });
  if (values.length === 0) return;
  const fillId = await fillBooking(tx, fill);
  await tx
    .insert(revenues)
    .values(
      values.map(({ row, receiptId }) => ({
        illustratorId: row.illustratorId,
        fillId,
        kind: row.kind,
        settlement: row.settlement,
        entry: 'sale' as const,
        receiptId,
        chainId: fill.chainId,
        amount: row.amount.toString(),
        currencyCode: row.currencyCode,
        createdAt: fill.soldAt,
      })),
    )
    .onConflictDoNothing();
}
