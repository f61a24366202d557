/**
 * Whether a stored order can still be bought, checked with the rules of Seaport's own `SeaportValidator`
 * (ownership, approval to the order's conduit, the offerer's counter, the order's status, its time window,
 * and the royalty the card asks now): the indexer re-checks active orders now and then and after chain
 * events, stores why one is not buyable (`sell_orders.unbuyable_reason`), and the pages show the reason to the
 * seller and keep buyers from a purchase that would revert. A reason goes away by itself when the chain
 * allows the order again (the approval is given back, the royalty is lowered).
 *
 * The validator contract is deployed on few chains (and not on local anvils), so the same rules run here.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md (order validity)
 * @see https://github.com/ProjectOpenSea/seaport-order-validator (the validator's checks)
 */
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import { sellOrders } from '~/server/db/schema';
import type { UnbuyableReason } from '~/server/db/schema/trading';
import type { Database } from '~/server/db/types';
import type { Chain } from '../chains/chains';
import { isAuctionListing } from './auction/auctionRules';
import { type ListingState, readListingState } from './listingState.server';
import { parseOrderJson } from './orderJson';
import type { OrderComponents } from './seaport/seaportTypes';
import { royaltyProblem } from './sellOrderRules';

/** The first reason `order` cannot be filled given what the chain says, or null when it can (pure). */
export function unbuyableReason(
  order: OrderComponents,
  state: ListingState,
  context: { feeRecipient: Address | undefined; now: bigint },
): UnbuyableReason | null {
  if (state.status.isCancelled) return 'cancelled';
  if (state.status.totalFilled > 0n) return 'filled';
  if (state.counter !== order.counter) return 'counter';
  if (order.endTime <= context.now) return 'expired';
  if (order.startTime > context.now) return 'not_started';
  if (state.owner?.toLowerCase() !== order.offerer.toLowerCase()) return 'not_owner';
  if (!state.approved) return 'not_approved';
  // A timed auction's listing asks only the seller's share: the winning bid pays fee and royalty.
  if (isAuctionListing(order)) return null;
  const [card] = order.offer;
  const total = order.consideration.reduce((sum, item) => sum + item.endAmount, 0n);
  const claims = {
    contractAddress: card?.token ?? order.offerer,
    tokenId: card?.identifierOrCriteria ?? 0n,
    price: total,
    seller: order.offerer,
  };
  if (royaltyProblem(order, claims, state.royalty, context.feeRecipient)?.includes('royalty')) return 'royalty';
  return null;
}

/** A stored sell order, as much of it as {@link storedOrderReason} reads. */
export type StoredOrder = Pick<
  typeof sellOrders.$inferSelect,
  'order' | 'exchange' | 'orderHash' | 'price' | 'endPrice'
>;

/**
 * Reads the chain now and gives the first reason the stored order cannot be bought (null when it can), or
 * undefined when its order JSON cannot be read. RPC failures reject.
 */
export async function storedOrderReason(
  chain: Chain,
  row: StoredOrder,
  feeRecipient: Address | undefined,
  now: Date,
): Promise<UnbuyableReason | null | undefined> {
  const order = parseOrderJson(row.order);
  const card = order?.offer[0];
  if (!order || !card) return undefined;
  const state = await readListingState(chain, {
    seaport: row.exchange as Address,
    card: card.token,
    tokenId: card.identifierOrCriteria,
    seller: order.offerer,
    conduitKey: order.conduitKey,
    orderHash: row.orderHash as Hex,
    price: BigInt(row.price),
    endPrice: row.endPrice === null ? undefined : BigInt(row.endPrice),
  });
  return unbuyableReason(order, state, { feeRecipient, now: BigInt(Math.floor(now.getTime() / 1000)) });
}

/** How often an active order is re-checked at most (the indexer's sweep). */
export const ORDER_CHECK_INTERVAL_MS = 60_000;
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
  const due = new Date(now.getTime() - ORDER_CHECK_INTERVAL_MS);
  const rows = await db
    .select()
    .from(sellOrders)
    .where(
      and(
        eq(sellOrders.chainId, chain.chainId),
        eq(sellOrders.status, 'active'),
        or(isNull(sellOrders.checkedAt), lt(sellOrders.checkedAt, due)),
      ),
    )
    .orderBy(asc(sellOrders.checkedAt), asc(sellOrders.id))
    .limit(CHECKS_PER_SWEEP);
  const changed: number[] = [];
  /** Checked and found as they were: only their check time moves, all in one statement. */
  const same: number[] = [];
  for (const row of rows) {
    const reason = await storedOrderReason(chain, row, feeRecipient, now);
    if (reason === undefined) continue;
    if (reason === row.unbuyableReason) {
      same.push(row.id);
      continue;
    }
    if (row.cardId !== null) changed.push(row.cardId);
    await db
      .update(sellOrders)
      .set({ unbuyableReason: reason, checkedAt: now })
      .where(and(eq(sellOrders.id, row.id), eq(sellOrders.status, 'active')));
  }
  if (same.length > 0)
    await db
      .update(sellOrders)
      .set({ checkedAt: now })
      .where(and(inArray(sellOrders.id, same), eq(sellOrders.status, 'active')));
  return changed;
}
