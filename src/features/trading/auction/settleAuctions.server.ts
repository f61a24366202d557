/**
 * Settles timed auctions once they end, without the seller: the settlement account (the listings' and the
 * bids' zone, ../orders/settler.server.ts) matches the listing with the highest bid that can still pay
 * (./settlementCall.ts).
 *
 * Exactly once, across retries and restarts: the settlement transaction is signed first and stored with the
 * auction (`settling`, its raw bytes and hash) before it is sent; a later pass (after a restart, say) sends the
 * very same bytes again instead of signing anew, so the chain can take it once at most. A receipt ends it.
 *
 * No wallet can jam it: each auction (and each bid) is handled on its own, so one that fails never stops the
 * others; the transaction is simulated as it will be sent, with its gas limit from that simulation
 * (./settlementTx.server.ts); a failure is blamed on the party whose order, signature or transfer failed
 * (./settlementBlame.server.ts), never on the honest bidders: a seller's ends the auction unsold, a bidder's
 * disqualifies that bidder's bids (./bidStanding.server.ts), and one with no one to blame is tried again a few
 * times at most (./auctionOutcome.server.ts). Runs as a job under the leader lock (../jobs/tradingJobs.server.ts),
 * so one server settles at a time.
 */
import { and, asc, eq, gt, lte, ne, notExists } from 'drizzle-orm';
import {
  type Hash,
  type Hex,
  type PrivateKeyAccount,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerialized,
} from 'viem';
import type { Chain } from '~/features/chains/chains';
import { publicClientFor } from '~/features/chains/publicClients.server';
import { auctionBids, auctions, offers, sellOrders } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { OrderReason } from '../orders/orderFacts';
import { type FeeFields, feeFields } from '../orders/simulateAsSent.server';
import type { SignedOrder } from '../seaport/advancedOrder';
import { parseOrderJson } from '../seaport/orderJson';
import {
  type Auction,
  type AuctionOutcome,
  endUnsold,
  endWithListing,
  markSettled,
  release,
  retryLater,
  sellerOutcome,
} from './auctionOutcome.server';
import { disqualifyBidder } from './bidStanding.server';
import { bidsOf } from './bids.server';
import { bidNow, blameSettlement, listingNow } from './settlementBlame.server';
import { prepareSettlement } from './settlementTx.server';

export type { AuctionOutcome } from './auctionOutcome.server';

/** Options of {@link settleAuctions}. */
export interface SettleOptions {
  now?: Date;
  /** How long to wait for a sent settlement's receipt before leaving it to the next pass (default 30 s). */
  receiptTimeoutMs?: number;
  /** Test seams: called after the transaction is stored, and after it is sent; what they throw stops the pass. */
  afterStore?: () => Promise<void>;
  afterSend?: () => Promise<void>;
  log?: (message: string) => void;
}

/** What a test seam threw: it stands for the process stopping there, so it ends the pass. */
class Stopped extends Error {}

async function seam(hook: (() => Promise<void>) | undefined): Promise<void> {
  try {
    await hook?.();
  } catch (error) {
    throw new Stopped('stopped', { cause: error });
  }
}

/** The stored listing of an auction and the stored order of one of its bids, as signed orders. */
async function storedOrders(db: Database, auction: Auction, offerId: number) {
  const [listingRow] = await db.select().from(sellOrders).where(eq(sellOrders.id, auction.sellOrderId));
  const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
  const listing = listingRow ? parseOrderJson(listingRow.order) : undefined;
  const bid = offer ? parseOrderJson(offer.order) : undefined;
  if (!listingRow || !offer || !listing || !bid) return undefined;
  return {
    listing: { order: listing, signature: listingRow.signature as Hex },
    bid: { order: bid, signature: offer.signature as Hex },
    offer,
  };
}

/** Disqualifies a bidder's bids in the auction (their bid cannot pay, or its signature failed). */
function disqualify(db: Database, auctionId: number, bidder: string, reason: OrderReason, now: Date) {
  return db.transaction((tx) => disqualifyBidder(tx, auctionId, bidder, reason, now));
}

/**
 * Waits for a stored settlement's receipt, sending its bytes again when the chain does not know it. When the
 * account's nonce has moved past the transaction's without it (replaced, or dropped and the nonce used), it
 * can never be mined: the auction runs again and the next pass signs a new one. A reverted settlement is
 * blamed as a failed simulation is (see the module comment).
 */
async function follow(
  db: Database,
  chain: Chain,
  account: PrivateKeyAccount,
  auction: Auction,
  options: SettleOptions,
  timeoutMs: number,
): Promise<AuctionOutcome> {
  const client = publicClientFor(chain);
  const hash = auction.settleTxHash as Hash;
  const raw = auction.settleRawTx as Hex;
  const now = options.now ?? new Date();
  let receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined);
  if (!receipt) {
    const sent = parseTransaction(raw);
    const sender = await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized });
    const used = await client.getTransactionCount({ address: sender, blockTag: 'latest' });
    if (sent.nonce !== undefined && used > sent.nonce) {
      receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined);
      if (!receipt) return release(db, auction, now);
    }
  }
  if (!receipt) {
    await client.sendRawTransaction({ serializedTransaction: raw }).catch(() => {
      // Known already, or mined meanwhile: the receipt below tells.
    });
    receipt = await client
      .waitForTransactionReceipt({ hash, pollingInterval: 250, timeout: timeoutMs })
      .catch(() => undefined);
  }
  if (!receipt) return { auctionId: auction.id, status: 'pending', txHash: hash };
  if (receipt.status === 'success') {
    const block = await client.getBlock({ blockNumber: receipt.blockNumber });
    await markSettled(db, auction, new Date(Number(block.timestamp) * 1000), now);
    return { auctionId: auction.id, status: 'settled', txHash: hash };
  }
  const orders = auction.winningOfferId === null ? undefined : await storedOrders(db, auction, auction.winningOfferId);
  if (!orders) return retryLater(db, auction, 'the settlement reverted', now);
  const price = BigInt(orders.offer.price);
  const blame = await blameSettlement(chain, account, { ...orders, price }, await feeFields(chain), now);
  if (blame.party === 'seller') return endUnsold(db, auction.id, sellerOutcome(blame.reason), now);
  if (blame.party === 'bidder') {
    await release(db, auction, now);
    await disqualify(db, auction.id, orders.offer.offererAddress, blame.reason, now);
    return { auctionId: auction.id, status: 'running', txHash: hash };
  }
  return { ...(await retryLater(db, auction, `the settlement reverted (${blame.why})`, now)), txHash: hash };
}

/** Why a stored bid's offer is over (cancelled, expired), or null while it is active. */
function closedBidReason(offer: typeof offers.$inferSelect): OrderReason | null {
  if (offer.status === 'active') return null;
  return offer.status === 'expired' ? 'expired' : offer.status === 'filled' ? 'filled' : 'cancelled';
}

/** Tries the bids of an ended auction, highest first, and sends the settlement (see the module comment). */
async function settle(
  db: Database,
  chain: Chain,
  account: PrivateKeyAccount,
  auction: Auction,
  options: SettleOptions,
): Promise<AuctionOutcome> {
  const now = options.now ?? new Date();
  const [listingRow] = await db.select().from(sellOrders).where(eq(sellOrders.id, auction.sellOrderId));
  const listing = listingRow ? parseOrderJson(listingRow.order) : undefined;
  if (!listingRow || !listing) return endUnsold(db, auction.id, 'the listing is gone', now);
  if (listingRow.status !== 'active') return endWithListing(db, auction.id, listingRow.status, now);
  const sellerIssue = await listingNow(chain, listing, now);
  if (sellerIssue) return endUnsold(db, auction.id, sellerOutcome(sellerIssue), now);

  const fees: FeeFields = await feeFields(chain);
  const signedListing: SignedOrder = { order: listing, signature: listingRow.signature as Hex };
  const reserve = BigInt(auction.reservePrice);
  const bids = await bidsOf(db, auction.id);
  // The claim below holds only if no bid came in since this list was read (a late bid may move the end).
  const lastBidId = bids.reduce((last, bid) => Math.max(last, bid.id), 0);
  const out = new Set<string>();
  for (const bid of bids) {
    if (bid.invalidReason !== null || out.has(bid.bidder) || BigInt(bid.price) < reserve) continue;
    const orders = await storedOrders(db, auction, bid.offerId);
    if (!orders) continue;
    const price = BigInt(bid.price);
    // A bid that cannot pay now, as the chain says, disqualifies its bidder's bids (bid shielding).
    const unpaid = closedBidReason(orders.offer) ?? (await bidNow(chain, orders.bid.order, price, now));
    if (unpaid) {
      await disqualify(db, auction.id, bid.bidder, unpaid, now);
      out.add(bid.bidder);
      continue;
    }
    const prepared = await prepareSettlement(chain, account, signedListing, orders.bid, fees);
    if (!prepared.ok) {
      if (prepared.error === undefined && 'tooMuchGas' in prepared) {
        return retryLater(db, auction, `it would take ${prepared.tooMuchGas} gas`, now);
      }
      const failed = { listing: signedListing, bid: orders.bid, price, error: prepared.error };
      const blame = await blameSettlement(chain, account, failed, fees, now);
      if (blame.party === 'seller') return endUnsold(db, auction.id, sellerOutcome(blame.reason), now);
      if (blame.party === undefined) return retryLater(db, auction, `its simulation reverted (${blame.why})`, now);
      await disqualify(db, auction.id, bid.bidder, blame.reason, now);
      out.add(bid.bidder);
      continue;
    }
    const claimed = await db
      .update(auctions)
      .set({
        status: 'settling',
        settleRawTx: prepared.raw,
        settleTxHash: prepared.hash,
        winningOfferId: bid.offerId,
        updatedAt: now,
      })
      .where(
        and(
          eq(auctions.id, auction.id),
          eq(auctions.status, 'running'),
          lte(auctions.endsAt, now),
          notExists(
            db
              .select({ id: auctionBids.id })
              .from(auctionBids)
              .where(and(eq(auctionBids.auctionId, auction.id), gt(auctionBids.id, lastBidId))),
          ),
        ),
      )
      .returning();
    const stored = claimed[0];
    if (!stored) return { auctionId: auction.id, status: 'pending' };
    await seam(options.afterStore);
    await publicClientFor(chain).sendRawTransaction({ serializedTransaction: prepared.raw });
    await seam(options.afterSend);
    return follow(db, chain, account, stored, options, options.receiptTimeoutMs ?? 30_000);
  }
  return endUnsold(db, auction.id, 'no bid at or above the reserve could pay', now);
}

/** Runs one auction's step; a failure of it is logged and left to the next pass, never stopping the others. */
async function guarded(
  auctionId: number,
  step: () => Promise<AuctionOutcome>,
  log: (message: string) => void,
): Promise<AuctionOutcome> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof Stopped) throw error.cause;
    log(`[auctions] auction ${auctionId}: ${String(error).split('\n')[0]}`);
    return { auctionId, status: 'pending' };
  }
}

/** One pass over the chain's ended auctions and the settlements under way; what happened to each. */
export async function settleAuctions(
  db: Database,
  chain: Chain,
  account: PrivateKeyAccount,
  options: SettleOptions = {},
): Promise<AuctionOutcome[]> {
  const now = options.now ?? new Date();
  const log = options.log ?? ((message: string) => console.error(message));
  // A running auction whose listing ended (the seller cancelled it, the card moved) ends now, not at its time.
  const closed = await db
    .select({ id: auctions.id, listingStatus: sellOrders.status })
    .from(auctions)
    .innerJoin(sellOrders, eq(sellOrders.id, auctions.sellOrderId))
    .where(and(eq(auctions.chainId, chain.chainId), eq(auctions.status, 'running'), ne(sellOrders.status, 'active')));
  const outcomes: AuctionOutcome[] = [];
  for (const { id, listingStatus } of closed) {
    outcomes.push(await guarded(id, () => endWithListing(db, id, listingStatus, now), log));
  }
  // Settlements under way first (each waits briefly), then the ended auctions: fewest failed attempts first,
  // then oldest, so an auction that keeps failing does not hold the others back.
  const settling = await db
    .select()
    .from(auctions)
    .where(and(eq(auctions.chainId, chain.chainId), eq(auctions.status, 'settling')));
  for (const auction of settling) {
    outcomes.push(await guarded(auction.id, () => follow(db, chain, account, auction, options, 5_000), log));
  }
  const due = await db
    .select()
    .from(auctions)
    .where(and(eq(auctions.chainId, chain.chainId), eq(auctions.status, 'running'), lte(auctions.endsAt, now)))
    .orderBy(asc(auctions.settleAttempts), asc(auctions.endsAt))
    .limit(20);
  for (const auction of due) {
    outcomes.push(await guarded(auction.id, () => settle(db, chain, account, auction, options), log));
  }
  return outcomes;
}
