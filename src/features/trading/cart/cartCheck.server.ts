/**
 * The cart's check before the wallet opens (`POST /api/v1/cart/check`): for each order hash of a cart on one
 * chain, whether the stored listing can still be bought, read fresh from the chain, and the signed order to
 * buy it with. `fulfillAvailableAdvancedOrders` skips orders that were filled or cancelled, but reverts the
 * whole cart on an order whose seller moved the card, withdrew the approval, raised the counter, or whose
 * signature does not hold (./fulfillAvailable.ts), so each of those is checked here: the rules of
 * ../orders/orderFacts.ts (status, counter, time window, owner, approval, royalty), the signature
 * (../seaport/orderSignature.server.ts), and the fill itself simulated from the buyer as it will be sent, with fee
 * fields (../orders/fillCheck.server.ts): a contract wallet's signature can hold in a plain `eth_call` and
 * fail in the transaction. Read only: the indexer keeps the stored reasons.
 *
 * @see docs/architecture.md "Flows" (a cart)
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { sellOrders } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { type FillCheckOptions, listingFillReason, STAND_IN_BUYER } from '../orders/fillCheck.server';
import { type ListingView, listingView } from '../orders/listingView';
import { onChain } from '../orders/orderCalls.server';
import { storedOrderReason } from '../orders/orderHealth.server';
import { feeFields } from '../orders/simulateAsSent.server';
import { paymentTime } from '../seaport/fulfillOrder';
import { parseOrderJson } from '../seaport/orderJson';
import { isOrderSignatureValid } from '../seaport/orderSignature.server';
import type { CartCheck, CartReason } from './cartModel';

/** A listing as the check answers it: the listing's view and its signed order. */
export type CheckedListing = Omit<ListingView, 'unbuyableReason'> & {
  order: Record<string, unknown>;
  signature: string;
};

/** The answer for one order hash. */
export interface CheckedOrder extends CartCheck {
  listing: CheckedListing | null;
}

/** What a stored listing that is no longer active is, as a cart reason. */
const CLOSED: Record<string, CartReason> = { sold: 'filled', cancelled: 'cancelled', expired: 'expired' };

/**
 * Checks `hashes` (lower-case, unique) on `chain`, in their order, reading the chain for every stored one
 * (RPC failures answer 502).
 */
export async function checkCart(
  db: Database,
  chain: Chain,
  hashes: readonly string[],
  options: {
    feeRecipient: Address | undefined;
    /** The conduit the cart pays through (the platform's). */
    conduitKey: Hex;
    /** Who will buy; a stand-in when the visitor's wallet is not known yet. */
    buyer?: Address | undefined;
    now?: Date;
  },
): Promise<CheckedOrder[]> {
  const now = options.now ?? new Date();
  const rows = await db
    .select()
    .from(sellOrders)
    .where(and(eq(sellOrders.chainId, chain.chainId), inArray(sellOrders.orderHash, [...hashes])));
  const byHash = new Map(rows.map((row) => [row.orderHash, row]));
  const fill = {
    buyer: options.buyer ?? STAND_IN_BUYER,
    conduitKey: options.conduitKey,
    fees: await onChain(chain, () => feeFields(chain)),
    at: paymentTime(now.getTime()),
  };
  return Promise.all(
    hashes.map(async (orderHash): Promise<CheckedOrder> => {
      const row = byHash.get(orderHash);
      if (!row) return { orderHash, buyable: false, reason: 'unknown', listing: null };
      const { unbuyableReason: _stored, ...view } = listingView(row, now);
      const listing = { ...view, order: row.order, signature: row.signature };
      const reason = await reasonOf(chain, row, options.feeRecipient, now, fill);
      return { orderHash, buyable: reason === null, reason, listing };
    }),
  );
}

/**
 * The first reason the stored listing cannot be bought from a cart now, or null. What the chain says comes
 * first (a listing the indexer closed when its card moved is `not_owner`); a listing the chain would still
 * fill but the site closed (replaced by the seller's newer listing) keeps the site's reason.
 */
async function reasonOf(
  chain: Chain,
  row: typeof sellOrders.$inferSelect,
  feeRecipient: Address | undefined,
  now: Date,
  fill: FillCheckOptions,
): Promise<CartReason | null> {
  if (row.saleType === 'auction') return 'auction';
  if (row.exchange.toLowerCase() !== chain.contracts.exchange.toLowerCase()) return 'exchange';
  const order = parseOrderJson(row.order);
  const reason = await onChain(chain, () => storedOrderReason(chain, row, feeRecipient, now));
  if (reason === undefined || !order) return 'unknown';
  if (reason !== null) return reason;
  const closed = CLOSED[row.status];
  if (closed) return closed;
  const signature = row.signature as Hex;
  const signed = await onChain(chain, () => isOrderSignatureValid(chain, chain.contracts.exchange, order, signature));
  if (!signed) return 'signature';
  return onChain(chain, () => listingFillReason(chain, { order, signature }, fill));
}
