/**
 * Books fills into the ledger, inside the indexer's range transaction: first what reached the platform's
 * payment address (receipts, for every fill whoever made the order: the reconciliation counts them), then the
 * revenue rows of a recorded sale of a stored order (./fillRevenues.ts), each payable row consuming one receipt.
 * Reading a range again adds nothing: receipts are unique per position, revenue rows per sale or per receipt.
 *
 * @see ../../../docs/architecture.md ("Money")
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import { platformReceipts, revenues } from '~/server/db/schema';
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
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: platformReceipts.id, logIndex: platformReceipts.logIndex, itemIndex: platformReceipts.itemIndex })
    .from(platformReceipts)
    .where(
      and(
        eq(platformReceipts.chainId, position.chainId),
        eq(platformReceipts.txHash, txHash),
        inArray(
          platformReceipts.logIndex,
          receipts.map((receipt) => receipt.logIndex),
        ),
      ),
    );
  for (const row of rows) ids.set(keyOf(row), row.id);
  return ids;
}

/**
 * Books the revenue rows of one recorded sale (idempotent). A payable row whose receipt was not recorded is
 * not booked: nothing is payable that the chain does not show arrived.
 */
export async function bookSaleRevenues(
  tx: Transaction,
  sale: { id: number; chainId: number; soldAt: Date },
  rows: readonly FillRevenue[],
  receiptIds: ReadonlyMap<string, number>,
): Promise<void> {
  const values = rows.flatMap((row) => {
    const receiptId = row.receipt ? receiptIds.get(keyOf(row.receipt)) : undefined;
    if (row.settlement === 'payable' && receiptId === undefined) return [];
    return [
      {
        illustratorId: row.illustratorId,
        saleId: sale.id,
        kind: row.kind,
        settlement: row.settlement,
        entry: 'sale' as const,
        receiptId: row.settlement === 'payable' ? (receiptId ?? null) : null,
        chainId: sale.chainId,
        amount: row.amount.toString(),
        currencyCode: row.currencyCode,
        createdAt: sale.soldAt,
      },
    ];
  });
  if (values.length > 0) await tx.insert(revenues).values(values).onConflictDoNothing();
}

/**
 * Takes back the receipts of blocks after `afterBlock` thrown away by a reorganisation (the payable rows that
 * consumed them go with them); the canonical chain's fills record them again.
 */
export async function rollBackReceipts(tx: Transaction, chainId: number, afterBlock: bigint): Promise<number> {
  const removed = await tx
    .delete(platformReceipts)
    .where(and(eq(platformReceipts.chainId, chainId), gt(platformReceipts.blockNumber, Number(afterBlock))))
    .returning({ id: platformReceipts.id });
  return removed.length;
}
