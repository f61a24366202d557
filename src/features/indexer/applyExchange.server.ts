/**
 * Applies Seaport's events of one block range: a fill of a card becomes a sale (with its platform fee and
 * royalty; the creator's revenue is booked only when the site stored the order) and ends the listing as sold; `OrderCancelled` and
 * `CounterIncremented` end the listings they void. Sales are unique per (chain, transaction, log index), so
 * a re-read range adds nothing.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md (events)
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { cards, sales, sellOrders } from '~/server/db/schema';
import type { Transaction } from '~/server/db/types';
import type { Chain } from '../chains/chains';
import { type CurrencyCode, canonicalCurrencyCode } from '../chains/currencies';
import { currencyOfToken } from '../trading/currencyTokens';
import { bookSaleRevenues, cardCreator, fillRevenues, type PaidItem } from '../trading/revenues.server';
import { ItemType } from '../trading/seaport/seaportTypes';
import type { ApplyContext } from './applyTransfers.server';
import type { ChainEvent } from './chainEvents.server';

type Fulfilled = Extract<ChainEvent, { kind: 'fulfilled' }>;

/** What the exchange events need besides {@link ApplyContext}. */
export interface ExchangeContext extends ApplyContext {
  chain: Chain;
  /** The platform's fee recipient, to tell the fee from the rest of a fill. */
  feeRecipient: Address | undefined;
  /** The platform's payment address: what reaches it for an illustrator is payable. */
  paymentAddress?: Address | undefined;
}

const lower = (value: string) => value.toLowerCase();

/** The native and ERC-20 items a fill paid. */
function paidItems(event: Fulfilled): PaidItem[] {
  return event.consideration
    .filter((item) => item.itemType === ItemType.NATIVE || item.itemType === ItemType.ERC20)
    .map((item) => ({
      itemType: item.itemType,
      token: item.token,
      amount: item.amount,
      recipient: item.recipient ?? '',
    }));
}

/**
 * A fill's price in one currency (the stored order's, else the first the chain lists), with the platform fee
 * and the royalty (what went to the card's creator or the platform's payment address when someone else
 * sold) inside it. Items in other tokens are left out of the price.
 */
export function splitFill(
  chain: Chain,
  items: readonly PaidItem[],
  seller: string,
  parties: {
    feeRecipient?: Address | undefined;
    paymentAddress?: Address | undefined;
    creatorWallets: ReadonlySet<string>;
  },
  currencyCode?: number,
) {
  const code =
    currencyCode ?? items.map((item) => currencyOfToken(chain, item.itemType, item.token)).find((c) => c !== undefined);
  if (code === undefined) return undefined;
  const inPrice = items.filter(
    (item) => currencyOfToken(chain, item.itemType, item.token) === canonicalCurrencyCode(code as CurrencyCode),
  );
  const sum = (list: readonly PaidItem[]) => list.reduce((total, item) => total + item.amount, 0n);
  const to = (address: string | undefined) => (item: PaidItem) =>
    address !== undefined && lower(item.recipient) === lower(address) && lower(address) !== lower(seller);
  const royaltyPayees = [...parties.creatorWallets, ...(parties.paymentAddress ? [parties.paymentAddress] : [])];
  return {
    currencyCode: code,
    price: sum(inPrice),
    fee: sum(inPrice.filter(to(parties.feeRecipient))),
    royalty: sum(inPrice.filter((item) => royaltyPayees.some((payee) => to(payee)(item)))),
  };
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
  if (order) {
    await tx
      .update(sellOrders)
      .set({ status: 'sold', closedAt: at, closedBlock: Number(event.blockNumber) })
      .where(and(eq(sellOrders.id, order.id), ne(sellOrders.status, 'sold')));
  }
  const contractAddress = lower(card.token);
  const tokenId = card.identifier.toString();
  const [cardRow] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(eq(cards.chainId, context.chainId), eq(cards.contractAddress, contractAddress), eq(cards.tokenId, tokenId)),
    );
  const creator = cardRow ? await cardCreator(tx, cardRow.id) : undefined;
  const items = paidItems(event);
  const split = splitFill(
    context.chain,
    items,
    event.offerer,
    {
      feeRecipient: context.feeRecipient,
      paymentAddress: context.paymentAddress,
      creatorWallets: creator?.wallets ?? new Set(),
    },
    order?.currencyCode,
  );
  if (split === undefined) {
    console.warn(
      `[indexer] chain ${context.chainId}: fill ${event.orderHash} paid in no listed currency; no sale booked`,
    );
    return;
  }
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
      currencyCode: split.currencyCode,
      platformFee: split.fee.toString(),
      royalty: split.royalty.toString(),
      txHash: lower(event.txHash),
      blockNumber: Number(event.blockNumber),
      logIndex: event.logIndex,
      soldAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: sales.id });
  // Revenue only from orders the site stored: a private order between an illustrator's own wallets, paid
  // in a token they minted, earns nothing here.
  if (sale && order && creator) {
    const booked = fillRevenues(context.chain, creator, event.offerer, items, context.paymentAddress);
    await bookSaleRevenues(tx, { id: sale.id, chainId: context.chainId, soldAt: at }, booked);
  }
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
        .set({ status: 'cancelled', closedAt: at, closedBlock: Number(event.blockNumber) })
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
        .set({ status: 'cancelled', closedAt: at, closedBlock: Number(event.blockNumber) })
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
