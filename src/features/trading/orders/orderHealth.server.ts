/**
 * Order health: whether a stored listing can still be bought, by the rules of ./orderFacts.ts (those of
 * Seaport's own `SeaportValidator`, whose contract is deployed on few chains and not on local anvils): the
 * indexer re-checks active listings now and then and after chain events, stores why one is not buyable
 * (`sell_orders.unbuyable_reason`), and the pages show the reason to the seller and keep buyers from a
 * purchase that would revert. A reason goes away by itself when the chain allows the order again (the
 * approval is given back, the royalty is lowered).
 */
import { type AnyColumn, and, asc, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { unixSeconds } from '~/lib/dates';
import { sellOrders } from '~/server/db/schema';
import type { UnbuyableReason } from '~/server/db/schema/trading';
import type { Database } from '~/server/db/types';
import { parseOrderJson } from '../seaport/orderJson';
import { chainListingReason } from './chainReasons.server';
import { markListingsChecked, setListingReason } from './orderStatus.server';

/** A stored sell order, as much of it as {@link storedOrderReason} reads. */
export type StoredOrder = Pick<
  typeof sellOrders.$inferSelect,
  'order' | 'exchange' | 'orderHash' | 'price' | 'endPrice'
>;

/**
 * Reads the chain now and gives the first reason the stored order cannot be bought (null when it can), or
 * undefined when its order JSON cannot be read or offers no card. RPC failures reject.
 */
export async function storedOrderReason(
  chain: Chain,
  row: StoredOrder,
  feeRecipient: Address | undefined,
  now: Date,
): Promise<UnbuyableReason | null | undefined> {
  const order = parseOrderJson(row.order);
  if (!order) return undefined;
  const check = {
    seaport: row.exchange as Address,
    orderHash: row.orderHash as Hex,
    price: BigInt(row.price),
    endPrice: row.endPrice === null ? undefined : BigInt(row.endPrice),
    feeRecipient,
  };
  const reason = await chainListingReason(chain, order, check, unixSeconds(now));
  return reason === 'reverts' ? undefined : reason;
}

/** How often an active order is re-checked at most (the indexer's sweep). */
export const ORDER_CHECK_INTERVAL_MS = 60_000;

/** The columns of an order table (`sell_orders`, `offers`) that say whether an order is due a re-check. */
interface CheckedColumns {
  chainId: AnyColumn;
  status: AnyColumn;
  checkedAt: AnyColumn;
}

/** The active orders of `table` on `chainId` due a re-check at `now`: never checked, or not for the interval. */
export function dueForCheck(table: CheckedColumns, chainId: number, now: Date): SQL | undefined {
  const due = new Date(now.getTime() - ORDER_CHECK_INTERVAL_MS);
  return and(
    eq(table.chainId, chainId),
    eq(table.status, 'active'),
    or(isNull(table.checkedAt), lt(table.checkedAt, due)),
  );
}
/** Orders checked per chain and sweep. */
const CHECKS_PER_SWEEP = 100;

/**
 * Re-checks the active orders of `chain` not checked for {@link ORDER_CHECK_INTERVAL_MS} (oldest first, at
 * most {@link CHECKS_PER_SWEEP}) and stores each one's reason. Resolves with the cards whose reason changed.
 */
export async function checkOrders(
  db: Database,
  chain: Chain,
  feeRecipient: Address | undefined,
  now = new Date(),
): Promise<number[]> {
  const rows = await db
    .select()
    .from(sellOrders)
    .where(dueForCheck(sellOrders, chain.chainId, now))
    .orderBy(asc(sellOrders.checkedAt), asc(sellOrders.id))
    .limit(CHECKS_PER_SWEEP);
  const changed: number[] = [];
  /** Checked and found as they were: only their check time moves, in one statement (an idle database). */
  const same: number[] = [];
  for (const row of rows) {
    const reason = await storedOrderReason(chain, row, feeRecipient, now);
    if (reason === undefined) continue;
    if (reason === row.unbuyableReason) {
      same.push(row.id);
      continue;
    }
    if (row.cardId !== null) changed.push(row.cardId);
    await setListingReason(db, row.id, reason, now);
  }
  await markListingsChecked(db, same, now);
  return changed;
}
