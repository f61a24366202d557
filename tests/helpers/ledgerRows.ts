/**
 * Rows the ledger's database tests start from, written once: an illustrator with their user and an admin to
 * review payouts, and a sale's royalty on a chain as the indexer books it (the fill, the platform's receipt of the
 * money, the illustrator's payable entry consuming it), in wrapped ether.
 *
 * @see ../../src/features/ledger/fillBooking.server.ts
 */
import { CurrencyCode } from '../../src/features/chains/currencies.ts';
import {
  admins,
  fillBookings,
  illustrators,
  platformReceipts,
  revenues,
  users,
} from '../../src/server/db/schema/index.ts';
import type { Database } from '../../src/server/db/types.ts';

/** An illustrator (uid `uid`, wallet 0xaa…aa) and an admin (uid `adminUid`); their ids. */
export async function seedLedgerAccounts(
  db: Database,
  uid: string,
  adminUid: string,
): Promise<{ illustratorId: number; adminId: number }> {
  const [user] = await db
    .insert(users)
    .values({ walletAddress: `0x${'a'.repeat(40)}`, role: 'illustrator' })
    .returning();
  const [illustrator] = await db
    .insert(illustrators)
    .values({ uid, passwordHash: 'x', userId: user?.id ?? 0, name: uid })
    .returning();
  const [admin] = await db.insert(admins).values({ uid: adminUid, passwordHash: 'x', name: adminUid }).returning();
  return { illustratorId: illustrator?.id ?? 0, adminId: admin?.id ?? 0 };
}

/** What {@link bookRoyalty} books. */
export interface RoyaltyFill {
  chainId: number;
  txHash: string;
  block: number;
  illustratorId: number;
  /** What reached the platform's payment address. */
  received: bigint;
  /** The illustrator's payable royalty consuming the receipt; none when left out. */
  booked?: bigint | undefined;
}

/** A sale's fill, the platform's receipt of `received` WETH and the payable royalty of `booked`; the fill's id. */
export async function bookRoyalty(db: Database, sale: RoyaltyFill): Promise<number> {
  const { chainId, txHash, block } = sale;
  const [fill] = await db
    .insert(fillBookings)
    .values({ chainId, txHash, blockNumber: block, logIndex: 0, soldAt: new Date() })
    .returning();
  const [receipt] = await db
    .insert(platformReceipts)
    .values({
      chainId,
      txHash,
      logIndex: 0,
      itemIndex: 2,
      source: 'consideration',
      token: `0x${'e'.repeat(40)}`,
      currencyCode: CurrencyCode.WETH,
      amount: sale.received.toString(),
      blockNumber: block,
      receivedAt: new Date(),
    })
    .returning();
  if (sale.booked !== undefined) {
    await db.insert(revenues).values({
      illustratorId: sale.illustratorId,
      fillId: fill?.id ?? 0,
      kind: 'royalty',
      settlement: 'payable',
      entry: 'sale',
      receiptId: receipt?.id ?? null,
      chainId,
      amount: sale.booked.toString(),
      currencyCode: CurrencyCode.WETH,
    });
  }
  return fill?.id ?? 0;
}
