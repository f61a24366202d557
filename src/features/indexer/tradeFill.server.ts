/**
 * A trade's fill (cards both ways, ../trading/trade/tradeOrder.ts) as sales: each card it moved is a sale of its
 * own, from the side that gave it to the side that got it, with no money payable (price, fee and royalty zero, in
 * the chain's coin; of kind `trade`, so no price figure counts it), placed at the card's own `Transfer` log of the
 * transaction, so a trade of several cards is several sales, each unique per (chain, transaction, log) as every sale is, and a range read again adds none.
 * When the trade added coin, the card the coin paid for is the offer fill's sale instead (./applyExchange.server.ts,
 * with its fee and royalty). The stored trade offer, if the site stored it, is accepted.
 */
import { and, eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { CurrencyCode, currencyForChainId } from '~/features/chains/currencies';
import { refreshDailyStats } from '~/features/market/dailyStats.server';
import { ItemType } from '~/features/trading/seaport/seaportTypes';
import { markTradeAccepted } from '~/features/trading/trade/tradeOffers.server';
import { cards } from '~/server/db/schema';
import type { Transaction } from '~/server/db/types';
import type { ExchangeContext } from './applyExchange.server';
import type { ChainEvent, FilledItem } from './chainEvents.server';
import { cardTransfer } from './fillProof.server';
import { recordSale } from './saleRecords.server';

type Fulfilled = Extract<ChainEvent, { kind: 'fulfilled' }>;

const lower = (value: string) => value.toLowerCase();

/**
 * Books the trade `event` (see the module comment), leaving out `paidCard` (the card its coin paid for, booked
 * as the offer fill's sale).
 */
export async function recordTradeCards(
  tx: Transaction,
  context: ExchangeContext,
  event: Fulfilled,
  events: readonly ChainEvent[],
  at: Date,
  paidCard: FilledItem | undefined,
): Promise<void> {
  const moved = [
    ...event.offer.filter((item) => item.itemType === ItemType.ERC721).map((card) => ({ card, to: event.recipient })),
    ...event.consideration
      .filter((item) => item.itemType === ItemType.ERC721 && item.recipient)
      .map((card) => ({ card, to: card.recipient as Address })),
  ].filter(({ card }) => card !== paidCard && context.contracts.has(lower(card.token)));
  const currencyCode = currencyForChainId(context.chainId) ?? CurrencyCode.ETH;
  const contracts = new Set<string>();
  for (const { card, to } of moved) {
    const transfer = cardTransfer(events, event, card, to); // the sale's position and who gave it
    if (!transfer) continue;
    const contractAddress = lower(card.token);
    const tokenId = card.identifier.toString();
    const [cardRow] = await tx
      .select({ id: cards.id })
      .from(cards)
      .where(
        and(eq(cards.chainId, context.chainId), eq(cards.contractAddress, contractAddress), eq(cards.tokenId, tokenId)),
      );
    const sale = await recordSale(tx, {
      chainId: context.chainId,
      orderId: null,
      offerId: null,
      cardId: cardRow?.id ?? null,
      contractAddress,
      tokenId,
      buyerAddress: lower(to),
      sellerAddress: lower(transfer.from),
      price: '0',
      currencyCode,
      platformFee: '0',
      royalty: '0',
      kind: 'trade',
      txHash: lower(event.txHash),
      blockNumber: Number(event.blockNumber),
      logIndex: transfer.logIndex,
      soldAt: at,
    });
    if (sale) contracts.add(contractAddress);
  }
  for (const contractAddress of contracts) {
    await refreshDailyStats(tx, { chainId: context.chainId, contractAddress }, [at]);
  }
  await markTradeAccepted(tx, context.chainId, event.orderHash, { at, block: event.blockNumber });
}
