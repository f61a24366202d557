/**
 * Applies the ERC-721 events of one block range: each card's owner becomes the receiver of its last
 * `Transfer` in the range (cards minted outside the site are added to their collection), and listings that
 * can no longer be filled end: the card left the seller, or the seller revoked the approval of the order's
 * conduit (for all their cards, `ApprovalForAll`, or for this one card, `Approval` to zero or elsewhere). Before ending one, the chain is asked whether the listing can still be filled as it stands now
 * (the card came back, the approval was given again): then it is kept.
 *
 * Working from each card's last event in the range, and from the chain's present state, makes a re-read
 * range change nothing.
 *
 * @see ERC-721 (Transfer, Approval, ApprovalForAll)
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import { recordTransferredCards } from '~/features/catalogue/cardWrites.server';
import { type MarketEventInput, recordEvents } from '~/features/events/marketEvents.server';
import type { ListableQuery } from '~/features/trading/orders/listingState.server';
import { cancelListing, recheckListingSoon } from '~/features/trading/orders/orderStatus.server';
import { cardTransfers, sellOrders } from '~/server/db/schema';
import type { Transaction } from '~/server/db/types';
import type { ChainEvent } from './chainEvents.server';

type Transfer = Extract<ChainEvent, { kind: 'transfer' }>;
type Approval = Extract<ChainEvent, { kind: 'approval' }>;
type TokenApproval = Extract<ChainEvent, { kind: 'tokenApproval' }>;

/** A catalogue collection on this chain, by contract address (lower-case). */
export interface KnownContract {
  categoryId: number;
  creatorId: number | null;
}

/** What applying a range needs besides the events. */
export interface ApplyContext {
  chainId: number;
  contracts: ReadonlyMap<string, KnownContract>;
  /** The time of a block (cached by the caller). */
  blockTime: (blockNumber: bigint) => Promise<Date>;
  /** Whether a listing can be filled as the chain stands now (owner and approval). */
  isListable: (query: ListableQuery) => Promise<boolean>;
  /** The address that moves cards for an order with this Seaport and conduit key (undefined: none). */
  operatorOf: (seaport: Address, conduitKey: Hex) => Promise<Address | undefined>;
}

/** Rows per multi-row INSERT (well under PostgreSQL's 65 535 parameters) and ids per IN list. */
const ROWS_PER_INSERT = 1_000;

const lower = (value: string) => value.toLowerCase();

const candidateColumns = {
  id: sellOrders.id,
  contract: sellOrders.contractAddress,
  tokenId: sellOrders.tokenId,
  seller: sellOrders.sellerAddress,
  exchange: sellOrders.exchange,
  order: sellOrders.order,
};

interface Candidate {
  id: number;
  contract: string;
  tokenId: string;
  seller: string;
  exchange: string;
  order: Record<string, unknown>;
}

/** The conduit key of a stored order, if it has one. */
function conduitKeyOf(order: Candidate): Hex | undefined {
  const key = order.order['conduitKey'];
  return typeof key === 'string' ? (key as Hex) : undefined;
}

/** Ends a listing (at the event's block time) unless the chain says it can still be filled. */
async function endUnlessListable(
  tx: Transaction,
  context: ApplyContext,
  order: Candidate,
  blockNumber: bigint,
): Promise<void> {
  const conduitKey = conduitKeyOf(order);
  const listable =
    conduitKey !== undefined &&
    (await context.isListable({
      card: order.contract as Address,
      tokenId: BigInt(order.tokenId),
      seller: order.seller as Address,
      seaport: order.exchange as Address,
      conduitKey,
    }));
  if (listable) {
    // Still fillable as the chain stands now; the next health check looks at it again soon.
    await recheckListingSoon(tx, order.id);
    return;
  }
  await cancelListing(tx, order.id, { at: await context.blockTime(blockNumber), block: blockNumber });
}

/** Records every `Transfer` of a catalogue card in the range (the card's history; what a reorganisation undoes). */
async function recordTransfers(tx: Transaction, context: ApplyContext, transfers: readonly Transfer[]): Promise<void> {
  const rows = [];
  for (const event of transfers) {
    if (!context.contracts.has(lower(event.contract))) continue;
    rows.push({
      chainId: context.chainId,
      contractAddress: lower(event.contract),
      tokenId: event.tokenId.toString(),
      fromAddress: lower(event.from),
      toAddress: lower(event.to),
      txHash: lower(event.txHash),
      blockNumber: Number(event.blockNumber),
      logIndex: event.logIndex,
      transferredAt: await context.blockTime(event.blockNumber),
    });
  }
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const added = await tx
      .insert(cardTransfers)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .onConflictDoNothing()
      .returning();
    // New rows only: a range read again tells nothing twice.
    await recordEvents(tx, added.map(transferEvent));
  }
}

/** A recorded transfer as the feed tells it (`from` is the zero address for a mint). */
function transferEvent(row: typeof cardTransfers.$inferSelect): MarketEventInput {
  return {
    type: 'transfer',
    factKey: `transfer:${row.id}`,
    chainId: row.chainId,
    contractAddress: row.contractAddress,
    data: {
      chain_id: row.chainId,
      contract_address: row.contractAddress,
      token_id: row.tokenId,
      from: row.fromAddress,
      to: row.toAddress,
      tx_hash: row.txHash,
      block_number: row.blockNumber,
      log_index: row.logIndex,
      transferred_at: row.transferredAt.toISOString(),
    },
    occurredAt: row.transferredAt,
  };
}

/** Upserts the final owner of every card moved in the range. */
async function updateOwners(tx: Transaction, context: ApplyContext, last: readonly Transfer[]): Promise<void> {
  const rows = last.flatMap((event) => {
    const known = context.contracts.get(lower(event.contract));
    if (!known) return [];
    return [
      {
        chainId: context.chainId,
        contractAddress: lower(event.contract),
        tokenId: event.tokenId.toString(),
        ownerAddress: lower(event.to),
        name: `#${event.tokenId}`,
        categoryId: known.categoryId,
        creatorId: known.creatorId,
      },
    ];
  });
  await recordTransferredCards(tx, rows);
}

/** Ends active listings whose card went to someone other than their seller. */
async function endMovedListings(tx: Transaction, context: ApplyContext, last: readonly Transfer[]): Promise<void> {
  const byToken = new Map(last.map((event) => [`${lower(event.contract)}:${event.tokenId}`, event]));
  const contracts = [...new Set(last.map((event) => lower(event.contract)))];
  const tokenIds = [...new Set(last.map((event) => event.tokenId.toString()))];
  for (let i = 0; i < tokenIds.length; i += ROWS_PER_INSERT) {
    const candidates = await activeListings(
      tx,
      context,
      inArray(sellOrders.contractAddress, contracts),
      inArray(sellOrders.tokenId, tokenIds.slice(i, i + ROWS_PER_INSERT)),
    );
    for (const order of candidates) {
      const moved = byToken.get(`${order.contract}:${order.tokenId}`);
      if (moved && lower(moved.to) !== order.seller) await endUnlessListable(tx, context, order, moved.blockNumber);
    }
  }
}

/** The active listings of the chain that meet every one of `conditions`, with what ending them needs. */
function activeListings(tx: Transaction, context: ApplyContext, ...conditions: (SQL | undefined)[]) {
  return tx
    .select(candidateColumns)
    .from(sellOrders)
    .where(and(eq(sellOrders.chainId, context.chainId), eq(sellOrders.status, 'active'), ...conditions));
}

/** The active listings of `owner` on `contract` (of token `tokenId` only, when given): whose approval just changed. */
function sellersListings(tx: Transaction, context: ApplyContext, contract: string, owner: string, tokenId?: bigint) {
  return activeListings(
    tx,
    context,
    eq(sellOrders.contractAddress, lower(contract)),
    tokenId === undefined ? undefined : eq(sellOrders.tokenId, tokenId.toString()),
    eq(sellOrders.sellerAddress, lower(owner)),
  );
}

/** Ends active listings whose conduit lost the seller's approval (and did not get it back in the range). */
async function endUnapprovedListings(
  tx: Transaction,
  context: ApplyContext,
  approvals: readonly Approval[],
): Promise<void> {
  const last = new Map<string, Approval>();
  for (const event of approvals) {
    last.set(`${lower(event.contract)}:${lower(event.owner)}:${lower(event.operator)}`, event);
  }
  for (const event of last.values()) {
    if (event.approved) continue;
    const candidates = await sellersListings(tx, context, event.contract, event.owner);
    for (const order of candidates) {
      const conduitKey = conduitKeyOf(order);
      const operator = conduitKey && (await context.operatorOf(order.exchange as Address, conduitKey));
      if (operator && lower(operator) === lower(event.operator)) {
        await endUnlessListable(tx, context, order, event.blockNumber);
      }
    }
  }
}

/**
 * Ends active listings of cards whose single-token approval changed (`Approval` to zero or to another
 * address) and whose conduit can no longer move them (no operator approval either).
 */
async function endUnapprovedTokens(
  tx: Transaction,
  context: ApplyContext,
  approvals: readonly TokenApproval[],
): Promise<void> {
  const last = new Map<string, TokenApproval>();
  for (const event of approvals) last.set(`${lower(event.contract)}:${event.tokenId}`, event);
  for (const event of last.values()) {
    const candidates = await sellersListings(tx, context, event.contract, event.owner, event.tokenId);
    for (const order of candidates) {
      const conduitKey = conduitKeyOf(order);
      const operator = conduitKey && (await context.operatorOf(order.exchange as Address, conduitKey));
      if (!operator || lower(operator) !== lower(event.approved)) {
        await endUnlessListable(tx, context, order, event.blockNumber);
      }
    }
  }
}

/** Applies the range's `Transfer`, `Approval` and `ApprovalForAll` events (see the module comment). */
export async function applyCardEvents(
  tx: Transaction,
  context: ApplyContext,
  events: readonly ChainEvent[],
): Promise<void> {
  const lastTransfer = new Map<string, Transfer>();
  const transfers: Transfer[] = [];
  const approvals: Approval[] = [];
  const tokenApprovals: TokenApproval[] = [];
  for (const event of events) {
    if (event.kind === 'transfer') {
      lastTransfer.set(`${lower(event.contract)}:${event.tokenId}`, event);
      transfers.push(event);
    } else if (event.kind === 'approval') approvals.push(event);
    else if (event.kind === 'tokenApproval') tokenApprovals.push(event);
  }
  const last = [...lastTransfer.values()];
  if (last.length > 0) {
    await recordTransfers(tx, context, transfers);
    await updateOwners(tx, context, last);
    await endMovedListings(tx, context, last);
  }
  if (approvals.length > 0) await endUnapprovedListings(tx, context, approvals);
  if (tokenApprovals.length > 0) await endUnapprovedTokens(tx, context, tokenApprovals);
}
