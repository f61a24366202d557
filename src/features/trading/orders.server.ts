/**
 * Listings: storing a signed Seaport order sent to `POST /api/v1/sell_card` once the server has checked it
 * (the seller's signature, the payload against the order, the platform's terms, and on chain: the seller
 * owns the card, approved the order's conduit, and the order is neither stale nor used), and recording the
 * cancels a seller made on chain, one order (`cancel`) or all on a chain (`incrementCounter`).
 *
 * A second active listing of the same card by the same seller replaces the first (it is marked cancelled:
 * the newest signed order is the one offered; the older one stays valid on chain until the seller cancels
 * it or the card moves, which the indexer records).
 *
 * @see /work/shared/spec/marketplace-spec.md §3 "Sell-card payload", §7 sell_card, §8 "Sell-card failure"
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import { badGateway, conflict, forbidden, notFound, unprocessable } from '~/server/api/errors';
import { cards, sellOrders } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { Chain } from '../chains/chains';
import { serverChains } from '../chains/config.server';
import { classifyChainError, publicClientFor } from '../chains/publicClients.server';
import { currencyToken } from './currencyTokens';
import { readListingState } from './listingState.server';
import { type ListingView, listingView as view } from './listingView';
import { toOrderJson } from './orderJson';
import { isOrderSignatureValid } from './orderSignature.server';
import { orderHash } from './seaport/orderHash';
import { seaportAbi } from './seaport/seaportAbi';
import type { SellCardInput } from './sellCardPayload';
import { royaltyProblem, sellOrderProblem } from './sellOrderRules';
import { type SellTermsEnv, sellTerms } from './sellTerms.server';

export type { ListingView } from './listingView';

/** Who is listing: the signed-in user's wallet (lower-case, as stored). */
export interface Seller {
  walletAddress: string;
}

/** Options shared by the functions here (tests pass their own chains and clock). */
export interface OrderOptions {
  chains?: readonly Chain[];
  env?: SellTermsEnv;
  now?: Date;
}

/** Runs a chain read, turning an RPC that does not answer into 502 instead of 500. */
async function onChain<T>(chain: Chain, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const kind = classifyChainError(error);
    if (kind === 'unreachable' || kind === 'rpc-error')
      throw badGateway(`${chain.chainName} is not answering; try again`);
    if (kind === 'no-data') throw unprocessable(`The contracts on ${chain.chainName} did not answer`);
    throw error;
  }
}

function chainOf(chains: readonly Chain[], chainId: number): Chain {
  const chain = chains.find((candidate) => candidate.chainId === chainId);
  if (!chain) throw unprocessable(`chain_id: ${chainId} is not one of ${chains.map((c) => c.chainId).join(', ')}`);
  return chain;
}

/** Checks everything the chain must confirm about a listing (see the module comment). */
async function checkOnChain(chain: Chain, input: SellCardInput, hash: Hex, feeRecipient: Address | undefined) {
  const { order } = input;
  const state = await onChain(chain, () =>
    readListingState(chain, {
      seaport: chain.contracts.exchange,
      card: input.contract_address,
      tokenId: input.token_id,
      seller: input.seller_address,
      conduitKey: order.conduitKey,
      orderHash: hash,
      price: input.price,
    }),
  );
  if (state.owner?.toLowerCase() !== input.seller_address.toLowerCase()) {
    throw unprocessable('The seller does not own this card');
  }
  if (state.operator === undefined) throw unprocessable('order.conduitKey names no conduit on this chain');
  if (!state.approved) throw unprocessable(`Approve ${state.operator} to move your cards before listing`);
  if (state.counter !== order.counter) throw unprocessable('order.counter is not the seller’s current Seaport counter');
  if (state.status.isCancelled) throw unprocessable('This order was cancelled on chain');
  if (state.status.totalFilled > 0n) throw unprocessable('This order was already filled');
  const problem = royaltyProblem(
    order,
    {
      contractAddress: input.contract_address,
      tokenId: input.token_id,
      price: input.price,
      seller: input.seller_address,
    },
    state.royalty,
    feeRecipient,
  );
  if (problem) throw unprocessable(problem);
}

/**
 * Checks and stores a listing. Resolves `{ created: true }` for a new listing, `{ created: false }` when the
 * same order was stored before and is still active.
 * @throws HttpError 403 (not the seller), 404 (unknown card), 409 (order already closed), 422 (invalid
 *   order or chain state), 502 (the chain did not answer)
 */
export async function submitSellOrder(
  db: Database,
  seller: Seller,
  input: SellCardInput,
  options: OrderOptions = {},
): Promise<{ created: boolean; listing: ListingView }> {
  const sellerAddress = input.seller_address.toLowerCase();
  if (sellerAddress !== seller.walletAddress.toLowerCase()) throw forbidden('seller_address must be your wallet');
  const chain = chainOf(options.chains ?? serverChains(), input.chain_id);
  const exchange = input.exchange ?? chain.contracts.exchange;
  if (exchange.toLowerCase() !== chain.contracts.exchange.toLowerCase()) {
    throw unprocessable(`exchange must be ${chain.contracts.exchange} on chain ${chain.chainId}`);
  }
  const terms = await sellTerms(db, chain, options.env);
  const now = options.now ?? new Date();
  const claims = {
    contractAddress: input.contract_address,
    tokenId: input.token_id,
    price: input.price,
    seller: input.seller_address,
  };
  const problem = sellOrderProblem(input.order, claims, {
    currency: currencyToken(chain, input.currency_code),
    feeBps: terms.feeBps,
    feeRecipient: terms.feeRecipient,
    conduitKey: terms.conduitKey,
    now: BigInt(Math.floor(now.getTime() / 1000)),
  });
  if (problem) throw unprocessable(problem);

  const contractAddress = input.contract_address.toLowerCase();
  const tokenId = input.token_id.toString();
  const [card] = await db
    .select({ id: cards.id, ownerAddress: cards.ownerAddress })
    .from(cards)
    .where(
      and(eq(cards.chainId, chain.chainId), eq(cards.contractAddress, contractAddress), eq(cards.tokenId, tokenId)),
    );
  if (!card) throw notFound('This card is not on the marketplace');

  const hash = orderHash(input.order);
  const [existing] = await db.select().from(sellOrders).where(eq(sellOrders.orderHash, hash));
  if (existing) {
    if (existing.status === 'active') return { created: false, listing: view(existing) };
    throw conflict(`This order is already ${existing.status}`);
  }
  const signed = await onChain(chain, () => isOrderSignatureValid(chain, exchange, input.order, input.signature));
  if (!signed) throw unprocessable('signature is not the seller’s signature of this order');
  await checkOnChain(chain, input, hash, terms.feeRecipient);

  const row = await db.transaction(async (tx) => {
    await tx
      .update(sellOrders)
      .set({ status: 'cancelled', closedAt: now })
      .where(
        and(
          eq(sellOrders.chainId, chain.chainId),
          eq(sellOrders.contractAddress, contractAddress),
          eq(sellOrders.tokenId, tokenId),
          eq(sellOrders.sellerAddress, sellerAddress),
          eq(sellOrders.status, 'active'),
        ),
      );
    // The chain just said the seller owns the card: the page shows the listing even if the indexer lags.
    if (card.ownerAddress !== sellerAddress) {
      await tx.update(cards).set({ ownerAddress: sellerAddress }).where(eq(cards.id, card.id));
    }
    const [inserted] = await tx
      .insert(sellOrders)
      .values({
        chainId: chain.chainId,
        contractAddress,
        tokenId,
        cardId: card.id,
        price: input.price.toString(),
        signature: input.signature,
        sellerAddress,
        exchange: exchange.toLowerCase(),
        currencyCode: input.currency_code,
        order: toOrderJson(input.order),
        orderHash: hash,
        counter: input.order.counter.toString(),
        startsAt: new Date(Number(input.order.startTime) * 1000),
        expiresAt: new Date(Number(input.order.endTime) * 1000),
        status: 'active',
        checkedAt: now,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('sell order insert returned nothing');
    return inserted;
  });
  return { created: true, listing: view(row) };
}

/**
 * Records that the seller cancelled one order on chain (Seaport `cancel`, or a counter bump): checks
 * `getOrderStatus` / `getCounter` and marks the listing cancelled. Idempotent.
 * @throws HttpError 403 (not the seller's), 404, 409 (sold or expired, or not cancelled on chain yet), 502
 */
export async function recordOrderCancel(
  db: Database,
  seller: Seller,
  hash: string,
  options: OrderOptions = {},
): Promise<ListingView> {
  const [order] = await db.select().from(sellOrders).where(eq(sellOrders.orderHash, hash.toLowerCase()));
  if (!order) throw notFound('No such order');
  if (order.sellerAddress !== seller.walletAddress.toLowerCase()) throw forbidden('This is not your order');
  if (order.status === 'cancelled') return view(order);
  if (order.status !== 'active') throw conflict(`This order is already ${order.status}`);
  const chain = chainOf(options.chains ?? serverChains(), order.chainId);
  const client = publicClientFor(chain);
  const exchange = order.exchange as Address;
  const [status, counter] = await onChain(chain, () =>
    Promise.all([
      client.readContract({ address: exchange, abi: seaportAbi, functionName: 'getOrderStatus', args: [hash as Hex] }),
      client.readContract({
        address: exchange,
        abi: seaportAbi,
        functionName: 'getCounter',
        args: [order.sellerAddress as Address],
      }),
    ]),
  );
  const [, isCancelled, totalFilled] = status;
  if (totalFilled > 0n) throw conflict('This order was filled on chain');
  if (!isCancelled && counter <= BigInt(order.counter)) throw conflict('The order is not cancelled on chain yet');
  const [updated] = await db
    .update(sellOrders)
    .set({ status: 'cancelled', closedAt: options.now ?? new Date() })
    .where(and(eq(sellOrders.id, order.id), eq(sellOrders.status, 'active')))
    .returning();
  return view(updated ?? { ...order, status: 'cancelled' });
}

/**
 * Records a seller's `incrementCounter` on a chain: reads the counter and marks every active listing of the
 * seller on that chain's Seaport signed with a lower counter cancelled.
 * @throws HttpError 422 (unknown chain), 502
 */
export async function recordCancelAll(
  db: Database,
  seller: Seller,
  chainId: number,
  options: OrderOptions = {},
): Promise<{ counter: string; cancelled: number; cardIds: number[] }> {
  const chain = chainOf(options.chains ?? serverChains(), chainId);
  const wallet = seller.walletAddress.toLowerCase() as Address;
  const counter = await onChain(chain, () =>
    publicClientFor(chain).readContract({
      address: chain.contracts.exchange,
      abi: seaportAbi,
      functionName: 'getCounter',
      args: [wallet],
    }),
  );
  const rows = await db
    .update(sellOrders)
    .set({ status: 'cancelled', closedAt: options.now ?? new Date() })
    .where(
      and(
        eq(sellOrders.chainId, chain.chainId),
        eq(sellOrders.exchange, chain.contracts.exchange.toLowerCase()),
        eq(sellOrders.sellerAddress, wallet),
        eq(sellOrders.status, 'active'),
        sql`${sellOrders.counter} < ${counter.toString()}::numeric`,
      ),
    )
    .returning({ id: sellOrders.id, cardId: sellOrders.cardId });
  return {
    counter: counter.toString(),
    cancelled: rows.length,
    cardIds: rows.flatMap((row) => (row.cardId === null ? [] : [row.cardId])),
  };
}
