/**
 * Settles timed auctions once they end, without the seller: the settlement account (the listings' zone,
 * ./settler.server.ts) matches the listing with the highest bid that can still pay (./settlementCall.ts).
 *
 * Exactly once, across retries and restarts: the settlement transaction is signed first and stored with the
 * auction (`settling`, its raw bytes and hash) before it is sent; a later pass (after a restart, say) sends the
 * very same bytes again instead of signing anew, so the chain can take it once at most. A receipt ends it:
 * `settled`, or, when it reverted, the bid is marked invalid and the next pass tries the next bid.
 *
 * The winning bid is the highest at or above the reserve whose offerer still has the balance and the allowance,
 * whose order is neither cancelled nor filled nor voided, and whose match the chain accepts (simulated first).
 * Bids that fail are marked with the reason and passed over. Runs in the indexer's process under its lock
 * (../../indexer/runIndexer.server.ts), so one server settles at a time.
 */
import { and, asc, eq, gt, lte, ne, notExists } from 'drizzle-orm';
import {
  createWalletClient,
  encodeFunctionData,
  type Hash,
  type Hex,
  http,
  keccak256,
  type PrivateKeyAccount,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerialized,
} from 'viem';
import { unixSeconds } from '~/lib/dates';
import { auctionBids, auctions, offers, sellOrders } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { Chain } from '../../chains/chains';
import { classifyChainError, publicClientFor, toViemChain } from '../../chains/publicClients.server';
import { readListingState } from '../listingState.server';
import { offerInactiveReason } from '../offer/offerHealth';
import { readOfferState } from '../offer/offerState.server';
import { parseOrderJson } from '../orderJson';
import { orderHash } from '../seaport/orderHash';
import { seaportAbi } from '../seaport/seaportAbi';
import type { OrderComponents } from '../seaport/seaportTypes';
import { bidsOf } from './bids.server';
import { settlementArgs } from './settlementCall';

type Auction = typeof auctions.$inferSelect;

/** What one pass did to an auction. */
export interface AuctionOutcome {
  auctionId: number;
  status: Auction['status'] | 'pending';
  txHash?: Hash;
}

/** Options of {@link settleAuctions}. */
export interface SettleOptions {
  now?: Date;
  /** How long to wait for a sent settlement's receipt before leaving it to the next pass (default 30 s). */
  receiptTimeoutMs?: number;
  /** Test seams: called after the transaction is stored, and after it is sent. */
  afterStore?: () => Promise<void>;
  afterSend?: () => Promise<void>;
}

/** Ends an auction without a sale, and its listing with it (nobody but the settlement account can fill it). */
async function endUnsold(db: Database, auction: Auction, outcome: string, now: Date): Promise<AuctionOutcome> {
  await db.transaction(async (tx) => {
    await tx.update(auctions).set({ status: 'unsold', outcome, updatedAt: now }).where(eq(auctions.id, auction.id));
    await tx
      .update(sellOrders)
      .set({ status: 'expired', closedAt: now })
      .where(and(eq(sellOrders.id, auction.sellOrderId), eq(sellOrders.status, 'active')));
  });
  return { auctionId: auction.id, status: 'unsold' };
}

/** Why the listing itself cannot be filled now, or undefined. */
async function listingProblem(chain: Chain, listing: OrderComponents): Promise<string | undefined> {
  const [card] = listing.offer;
  if (!card) return 'the listing offers no card';
  const state = await readListingState(chain, {
    seaport: chain.contracts.exchange,
    card: card.token,
    tokenId: card.identifierOrCriteria,
    seller: listing.offerer,
    conduitKey: listing.conduitKey,
    orderHash: orderHash(listing),
    price: 1n,
  });
  if (state.status.isCancelled) return 'the seller cancelled the listing';
  if (state.status.totalFilled > 0n) return 'the listing was already filled';
  if (state.counter !== listing.counter) return 'the seller voided their orders (counter)';
  if (state.owner?.toLowerCase() !== listing.offerer.toLowerCase()) return 'the seller no longer owns the card';
  if (!state.approved) return 'the seller withdrew the approval to move the card';
  return undefined;
}

/** Why a bid cannot pay now, or undefined. */
async function bidProblem(chain: Chain, bid: OrderComponents, price: bigint, now: Date): Promise<string | undefined> {
  const [given] = bid.offer;
  if (!given) return 'no payment';
  const state = await readOfferState(chain, {
    seaport: chain.contracts.exchange,
    offerer: bid.offerer,
    token: given.token,
    conduitKey: bid.conduitKey,
    orderHash: orderHash(bid),
    card: undefined,
    unitPrice: price,
  });
  return (
    offerInactiveReason({ counter: bid.counter, endTime: bid.endTime, unitPrice: price }, state, unixSeconds(now)) ??
    undefined
  );
}

/** Ends a running auction whose listing is no longer active: cancelled with it, else unsold. */
async function endWithListing(db: Database, auctionId: number, listingStatus: string, now: Date) {
  const status = listingStatus === 'cancelled' ? ('cancelled' as const) : ('unsold' as const);
  await db
    .update(auctions)
    .set({ status, outcome: `listing ${listingStatus}`, updatedAt: now })
    .where(and(eq(auctions.id, auctionId), eq(auctions.status, 'running')));
  return { auctionId, status };
}

/** Puts a settlement that can never be mined back to `running` (its bid is not blamed), to be signed anew. */
async function release(db: Database, auction: Auction, now: Date): Promise<AuctionOutcome> {
  await db
    .update(auctions)
    .set({ status: 'running', settleTxHash: null, settleRawTx: null, winningOfferId: null, updatedAt: now })
    .where(and(eq(auctions.id, auction.id), eq(auctions.status, 'settling')));
  return { auctionId: auction.id, status: 'running' };
}

/**
 * Waits for a stored settlement's receipt, sending its bytes again when the chain does not know it. When the
 * account's nonce has moved past the transaction's without it (replaced, or dropped and the nonce used), it
 * can never be mined: the auction runs again and the next pass signs a new one.
 */
async function follow(
  db: Database,
  chain: Chain,
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
    await db
      .update(auctions)
      .set({ status: 'settled', settledAt: new Date(Number(block.timestamp) * 1000), outcome: null, updatedAt: now })
      .where(and(eq(auctions.id, auction.id), eq(auctions.status, 'settling')));
    return { auctionId: auction.id, status: 'settled', txHash: hash };
  }
  await db.transaction(async (tx) => {
    if (auction.winningOfferId !== null) {
      await tx
        .update(auctionBids)
        .set({ invalidReason: 'reverted' })
        .where(eq(auctionBids.offerId, auction.winningOfferId));
    }
    await tx
      .update(auctions)
      .set({ status: 'running', settleTxHash: null, settleRawTx: null, winningOfferId: null, updatedAt: now })
      .where(eq(auctions.id, auction.id));
  });
  return { auctionId: auction.id, status: 'running', txHash: hash };
}

/** Picks the winning bid of an ended auction and sends the settlement (see the module comment). */
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
  if (!listingRow || !listing) return endUnsold(db, auction, 'the listing is gone', now);
  if (listingRow.status !== 'active') return endWithListing(db, auction.id, listingRow.status, now);
  const unfillable = await listingProblem(chain, listing);
  if (unfillable) return endUnsold(db, auction, unfillable, now);

  const client = publicClientFor(chain);
  const reserve = BigInt(auction.reservePrice);
  const bids = await bidsOf(db, auction.id);
  // The claim below holds only if no bid came in since this list was read (a late bid may move the end).
  const lastBidId = bids.reduce((last, bid) => Math.max(last, bid.id), 0);
  for (const bid of bids) {
    if (bid.invalidReason !== null || bid.offerStatus !== 'active' || BigInt(bid.price) < reserve) continue;
    const [offer] = await db.select().from(offers).where(eq(offers.id, bid.offerId));
    const bidOrder = offer ? parseOrderJson(offer.order) : undefined;
    if (!offer || !bidOrder) continue;
    const args = settlementArgs(
      { order: listing, signature: listingRow.signature as Hex },
      { order: bidOrder, signature: offer.signature as Hex },
      listing.offerer,
    );
    const call = {
      address: chain.contracts.exchange,
      abi: seaportAbi,
      functionName: 'matchAdvancedOrders',
      args,
    } as const;
    const problem =
      (await bidProblem(chain, bidOrder, BigInt(bid.price), now)) ??
      (await client.simulateContract({ ...call, account }).then(
        () => undefined,
        (error: unknown) => {
          // Only a revert says the bid cannot win; an RPC failure leaves the auction to the next pass.
          if (classifyChainError(error) === 'reverted') return 'reverted';
          throw error;
        },
      ));
    if (problem) {
      await db.update(auctionBids).set({ invalidReason: problem }).where(eq(auctionBids.offerId, bid.offerId));
      continue;
    }
    const rpcUrl = chain.rpcUrls.find((url) => /^https?:/i.test(url));
    const wallet = createWalletClient({ account, chain: toViemChain(chain), transport: http(rpcUrl) });
    const request = await wallet.prepareTransactionRequest({
      to: chain.contracts.exchange,
      data: encodeFunctionData(call),
      account,
      chain: toViemChain(chain),
    });
    const raw = await wallet.signTransaction(request);
    const hash = keccak256(raw);
    const claimed = await db
      .update(auctions)
      .set({ status: 'settling', settleRawTx: raw, settleTxHash: hash, winningOfferId: bid.offerId, updatedAt: now })
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
    await options.afterStore?.();
    await client.sendRawTransaction({ serializedTransaction: raw });
    await options.afterSend?.();
    return follow(db, chain, stored, options, options.receiptTimeoutMs ?? 30_000);
  }
  return endUnsold(db, auction, 'no bid at or above the reserve could pay', now);
}

/** One pass over the chain's ended auctions and the settlements under way; what happened to each. */
export async function settleAuctions(
  db: Database,
  chain: Chain,
  account: PrivateKeyAccount,
  options: SettleOptions = {},
): Promise<AuctionOutcome[]> {
  const now = options.now ?? new Date();
  // A running auction whose listing ended (the seller cancelled it, the card moved) ends now, not at its time.
  const closed = await db
    .select({ id: auctions.id, listingStatus: sellOrders.status })
    .from(auctions)
    .innerJoin(sellOrders, eq(sellOrders.id, auctions.sellOrderId))
    .where(and(eq(auctions.chainId, chain.chainId), eq(auctions.status, 'running'), ne(sellOrders.status, 'active')));
  const outcomes: AuctionOutcome[] = [];
  for (const { id, listingStatus } of closed) outcomes.push(await endWithListing(db, id, listingStatus, now));
  // Settlements under way first (each waits briefly), then the ended auctions, oldest first.
  const settling = await db
    .select()
    .from(auctions)
    .where(and(eq(auctions.chainId, chain.chainId), eq(auctions.status, 'settling')));
  for (const auction of settling) outcomes.push(await follow(db, chain, auction, options, 5_000));
  const due = await db
    .select()
    .from(auctions)
    .where(and(eq(auctions.chainId, chain.chainId), eq(auctions.status, 'running'), lte(auctions.endsAt, now)))
    .orderBy(asc(auctions.endsAt))
    .limit(20);
  for (const auction of due) outcomes.push(await settle(db, chain, account, auction, options));
  return outcomes;
}
