/**
 * Applies Seaport's events of one block range: a fill of a card becomes a sale (with its platform fee and
 * royalty, and the creator's revenue booked) and ends the listing as sold; `OrderCancelled` and
 * `CounterIncremented` end the listings they void. Sales are unique per (chain, transaction, log index), so
 * a re-read range adds nothing.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md (events)
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { cards, sales, sellOrders } from '../../server/db/schema';
import type { Transaction } from '../../server/db/types';
import type { Chain } from '../chains/chains';
import { currencyOfToken } from '../trading/currencyTokens';
import { bookSaleRevenues } from '../trading/revenues.server';
import { ItemType } from '../trading/seaport/seaportTypes';
import type { ApplyContext } from './applyTransfers.server';
import type { ChainEvent } from './chainEvents.server';

type Fulfilled = Extract<ChainEvent, { kind: 'fulfilled' }>;

/** What the exchange events need besides {@link ApplyContext}. */
export interface ExchangeContext extends ApplyContext {
  chain: Chain;
  /** The platform's fee recipient, to tell the fee from the royalty in a fill. */
  feeRecipient: Address | undefined;
}

const lower = (value: string) => value.toLowerCase();

/** Splits a fill's payments into price, platform fee and royalty (what went to neither seller nor platform). */
export function splitFill(event: Fulfilled, feeRecipient: Address | undefined) {
  const payments = event.consideration.filter(
    (item) => item.itemType === ItemType.NATIVE || item.itemType === ItemType.ERC20,
  );
  const sum = (items: typeof payments) => items.reduce((total, item) => total + item.amount, 0n);
  const price = sum(payments);
  const proceeds = sum(payments.filter((item) => lower(item.recipient ?? '') === lower(event.offerer)));
  const fee =
    feeRecipient && lower(feeRecipient) !== lower(event.offerer)
      ? sum(payments.filter((item) => lower(item.recipient ?? '') === lower(feeRecipient)))
      : 0n;
  return { price, fee, royalty: price - proceeds - fee, payment: payments[0] };
}

async function recordFill(tx: Transaction, context: ExchangeContext, event: Fulfilled): Promise<void> {
  const card = event.offer.find((item) => item.itemType === ItemType.ERC721);
  // Only listings of catalogue cards are sales here (offers made by buyers are not supported).
  if (!card || !context.contracts.has(lower(card.token))) return;
  const at = await context.blockTime(event.blockNumber);
  const [order] = await tx
    .select({ id: sellOrders.id, currencyCode: sellOrders.currencyCode })
    .from(sellOrders)
    .where(and(eq(sellOrders.chainId, context.chainId), eq(sellOrders.orderHash, event.orderHash)));
  const split = splitFill(event, context.feeRecipient);
  const currencyCode =
    (split.payment && currencyOfToken(context.chain, split.payment.itemType, split.payment.token)) ??
    order?.currencyCode;
  if (order) {
    await tx
      .update(sellOrders)
      .set({ status: 'sold', closedAt: at })
      .where(and(eq(sellOrders.id, order.id), ne(sellOrders.status, 'sold')));
  }
  if (currencyCode === undefined) {
    console.warn(
      `[indexer] chain ${context.chainId}: fill ${event.orderHash} paid in an unknown token; no sale booked`,
    );
    return;
  }
  const contractAddress = lower(card.token);
  const tokenId = card.identifier.toString();
  const [cardRow] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(eq(cards.chainId, context.chainId), eq(cards.contractAddress, contractAddress), eq(cards.tokenId, tokenId)),
    );
  const [sale] = await tx
    .insert(sales)
    .values({
      chainId: context.chainId,
      orderId: order?.id ?? null,
      cardId: cardRow?.id ?? null,
      contractAddress,
      tokenId,
      buyerAddress: lower(event.recipient),
      sellerAddress: lower(event.offerer),
      price: split.price.toString(),
      currencyCode,
      platformFee: split.fee.toString(),
      royalty: split.royalty.toString(),
      txHash: lower(event.txHash),
      blockNumber: Number(event.blockNumber),
      logIndex: event.logIndex,
      soldAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: sales.id });
  if (sale) await bookSaleRevenues(tx, sale.id);
}

/** Applies the range's Seaport events in chain order (see the module comment). */
export async function applyExchangeEvents(
  tx: Transaction,
  context: ExchangeContext,
  events: readonly ChainEvent[],
): Promise<void> {
  for (const event of events) {
    if (event.kind === 'fulfilled') {
      await recordFill(tx, context, event);
    } else if (event.kind === 'cancelled') {
      const at = await context.blockTime(event.blockNumber);
      await tx
        .update(sellOrders)
        .set({ status: 'cancelled', closedAt: at })
        .where(
          and(
            eq(sellOrders.chainId, context.chainId),
            eq(sellOrders.orderHash, event.orderHash),
            eq(sellOrders.status, 'active'),
          ),
        );
    } else if (event.kind === 'counter') {
      const at = await context.blockTime(event.blockNumber);
      await tx
        .update(sellOrders)
        .set({ status: 'cancelled', closedAt: at })
        .where(
          and(
            eq(sellOrders.chainId, context.chainId),
            eq(sellOrders.exchange, lower(event.seaport)),
            eq(sellOrders.sellerAddress, lower(event.offerer)),
            eq(sellOrders.status, 'active'),
            sql`${sellOrders.counter} < ${event.newCounter.toString()}::numeric`,
          ),
        );
    }
  }
}
