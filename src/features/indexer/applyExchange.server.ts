/**
 * Applies Seaport's events of one block range: a fill of a card, a listing's or an accepted offer's, becomes
 * a sale (with its platform fee and royalty; the creator's revenue is booked only when the site stored the
 * order) and ends the listing as sold or counts the card against the offer; `OrderCancelled` and
 * `CounterIncremented` end the listings and offers they void. A trade, cards both ways, is a sale of each card
 * (./tradeFill.server.ts). Sales are unique per (chain, transaction, log index), so
 * a re-read range adds nothing.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md (events)
 */
import { and, count, eq } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { type CurrencyCode, canonicalCurrencyCode } from '~/features/chains/currencies';
import { cardCreator } from '~/features/ledger/cardCreator.server';
import { bookSaleRevenues, recordReceipts } from '~/features/ledger/fillBooking.server';
import { fillRevenues, type PaidItem } from '~/features/ledger/fillRevenues';
import { refreshDailyStats } from '~/features/market/dailyStats.server';
import {
  cancelBelowCounter,
  cancelOrderByHash,
  markListingSold,
  markOfferFilled,
  recheckOffersOf,
} from '~/features/trading/orders/orderStatus.server';
import { ItemType } from '~/features/trading/seaport/seaportTypes';
import { currencyOfToken } from '~/features/trading/terms/currencyTokens';
import { isTrade } from '~/features/trading/trade/tradeOrder';
import { cards, offers, platformReceipts, sales, sellOrders, tradeOffers } from '~/server/db/schema';
import type { Transaction } from '~/server/db/types';
import type { ApplyContext } from './applyTransfers.server';
import type { ChainEvent, FilledItem } from './chainEvents.server';
import { considerationReceipts, paidItems, previousOwner, provenInflow } from './fillProof.server';
import { recordSale } from './saleRecords.server';
import { recordTradeCards } from './tradeFill.server';

type Fulfilled = Extract<ChainEvent, { kind: 'fulfilled' }>;

/** What the exchange events need besides {@link ApplyContext}. */
export interface ExchangeContext extends ApplyContext {
  chain: Chain;
  /** The platform's fee recipient, to tell the fee from the rest of a fill. */
  feeRecipient: Address | undefined;
  /** The platform's payment address: what reaches it for an illustrator is payable. */
  paymentAddress?: Address | undefined;
  /**
   * The ERC-20 tokens a transaction sent to the payment address (lower-case token -> amount), read before the
   * range's transaction for the fills that say they paid it their unspent offer tokens.
   */
  inflows?: ((txHash: Hex) => Promise<ReadonlyMap<string, bigint>>) | undefined;
}

const lower = (value: string) => value.toLowerCase();

/**
 * A fill's price in one currency (the stored order's, else the first the chain lists), with the platform fee
 * and the royalty (what went to the card's creator or the platform's payment address when someone else
 * sold) inside it. Items in other currencies are left out of the price.
 */
export function splitFill(
  items: readonly PaidItem[],
  seller: string,
  parties: {
    feeRecipient?: Address | undefined;
    paymentAddress?: Address | undefined;
    creatorWallets: ReadonlySet<string>;
  },
  currencyCode?: number,
) {
  const code = currencyCode ?? items.map((item) => item.currencyCode).find((c) => c !== undefined);
  if (code === undefined) return undefined;
  const canonical = canonicalCurrencyCode(code as CurrencyCode);
  const inPrice = items.filter(
    (item) => item.currencyCode !== undefined && canonicalCurrencyCode(item.currencyCode as CurrencyCode) === canonical,
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

/** A fill as a sale: the card, who gave it, who got it, and what each party received in payment. */
interface Fill {
  card: FilledItem;
  seller: Address;
  buyer: Address;
  items: PaidItem[];
  /** Receipts the fill proved beyond its consideration items (an offer's unspent tokens), by key. */
  receiptIds?: ReadonlyMap<string, number>;
}

/** A listing's fill: the offerer gave the card, the recipient paid the consideration. */
function listingFill(context: ExchangeContext, event: Fulfilled): Fill | undefined {
  const card = event.offer.find((item) => item.itemType === ItemType.ERC721);
  return card
    ? {
        card,
        seller: event.offerer,
        buyer: event.recipient,
        items: paidItems(context.chain, event, context.paymentAddress),
      }
    : undefined;
}

/**
 * An offer's fill: the offerer gave tokens and received the card from its previous owner (../ledger: never
 * the fill's `recipient`, which a match lets the caller choose); the recipient got the tokens the order did
 * not pay out, which reached the payment address only as far as the transaction's transfers prove
 * (./fillProof.server.ts).
 */
async function offerFill(
  tx: Transaction,
  context: ExchangeContext,
  event: Fulfilled,
  events: readonly ChainEvent[],
  at: Date,
): Promise<Fill | undefined> {
  const card = event.consideration.find(
    (item) => item.itemType === ItemType.ERC721 && lower(item.recipient ?? '') === lower(event.offerer),
  );
  const given = event.offer.find((item) => item.itemType === ItemType.ERC20);
  if (!card || !given) return undefined;
  const paid = paidItems(context.chain, event, context.paymentAddress);
  const currencyCode = currencyOfToken(context.chain, given.itemType, given.token);
  const spent = event.consideration
    .filter((item) => item.itemType === ItemType.ERC20 && lower(item.token) === lower(given.token))
    .reduce((sum, item) => sum + item.amount, 0n);
  // An order made elsewhere may have the owner pay more than they got; they then kept nothing.
  const kept = given.amount > spent ? given.amount - spent : 0n;
  const seller = previousOwner(events, event, card, event.offerer) ?? event.recipient;
  const toSeller: PaidItem = { currencyCode, amount: kept, recipient: event.recipient };
  const payment = context.paymentAddress;
  let receiptIds: ReadonlyMap<string, number> | undefined;
  if (payment && kept > 0n && currencyCode !== undefined && lower(event.recipient) === lower(payment)) {
    const inflow = (await context.inflows?.(event.txHash))?.get(lower(given.token)) ?? 0n;
    const proven = provenInflow(
      kept,
      given.token,
      inflow,
      events,
      event.txHash,
      payment,
      await transferClaimsBefore(tx, context, event, given.token),
    );
    toSeller.amount = proven;
    if (proven > 0n) {
      toSeller.receipt = { logIndex: event.logIndex, itemIndex: -1 };
      receiptIds = await recordReceipts(tx, fillPosition(context, event, at), [
        { ...toSeller.receipt, source: 'transfer', token: given.token, currencyCode, amount: proven },
      ]);
    }
  }
  return { card, seller, buyer: event.offerer, items: [toSeller, ...paid], ...(receiptIds ? { receiptIds } : {}) };
}

/** What earlier fills of the transaction claimed of its transfers of `token` to the payment address. */
async function transferClaimsBefore(tx: Transaction, context: ExchangeContext, event: Fulfilled, token: string) {
  const rows = await tx
    .select({ logIndex: platformReceipts.logIndex, amount: platformReceipts.amount })
    .from(platformReceipts)
    .where(
      and(
        eq(platformReceipts.chainId, context.chainId),
        eq(platformReceipts.txHash, lower(event.txHash)),
        eq(platformReceipts.source, 'transfer'),
        eq(platformReceipts.token, lower(token)),
      ),
    );
  return rows.filter((row) => row.logIndex !== event.logIndex).reduce((sum, row) => sum + BigInt(row.amount), 0n);
}

/** The stored listing or offer the fill used, if the site stored it. */
async function storedOrder(tx: Transaction, context: ExchangeContext, event: Fulfilled, at: Date) {
  const [listing] = await tx
    .select({ id: sellOrders.id, currencyCode: sellOrders.currencyCode, saleType: sellOrders.saleType })
    .from(sellOrders)
    .where(and(eq(sellOrders.chainId, context.chainId), eq(sellOrders.orderHash, event.orderHash)));
  if (listing) {
    await markListingSold(tx, listing.id, { at, block: event.blockNumber });
    return { listingId: listing.id, currencyCode: listing.currencyCode, saleType: listing.saleType };
  }
  const [offer] = await tx
    .select({ id: offers.id, currencyCode: offers.currencyCode, quantity: offers.quantity })
    .from(offers)
    .where(and(eq(offers.chainId, context.chainId), eq(offers.orderHash, event.orderHash)));
  if (offer) return { offer, currencyCode: offer.currencyCode };
  // A trade with coin the site stored: the card its coin paid for is a fill like an offer's, its royalty the
  // creator's revenue (the trade itself is accepted by ./tradeFill.server.ts).
  const [trade] = await tx
    .select({ currencyCode: tradeOffers.currencyCode })
    .from(tradeOffers)
    .where(and(eq(tradeOffers.chainId, context.chainId), eq(tradeOffers.orderHash, event.orderHash)));
  return trade?.currencyCode == null ? undefined : { currencyCode: trade.currencyCode };
}

/** Marks an offer filled once its sales reach its quantity (each sale is one card). */
async function closeUsedOffer(tx: Transaction, offer: { id: number; quantity: number }, event: Fulfilled, at: Date) {
  const [used] = await tx.select({ n: count() }).from(sales).where(eq(sales.offerId, offer.id));
  if ((used?.n ?? 0) < offer.quantity) return;
  await markOfferFilled(tx, offer.id, { at, block: event.blockNumber });
}

function fillPosition(context: ExchangeContext, event: Fulfilled, at: Date) {
  return { chainId: context.chainId, txHash: event.txHash, blockNumber: Number(event.blockNumber), at };
}

async function recordFill(
  tx: Transaction,
  context: ExchangeContext,
  event: Fulfilled,
  events: readonly ChainEvent[],
): Promise<void> {
  const at = await context.blockTime(event.blockNumber);
  // What reached the payment address is a receipt whatever the order (the reconciliation counts them all).
  const receiptIds = await recordReceipts(
    tx,
    fillPosition(context, event, at),
    considerationReceipts(context.chain, event, context.paymentAddress),
  );
  // A trade (cards both ways) books each card as its own sale; a card its coin paid for is the offer fill below.
  const trade = isTrade(event);
  const fill = trade
    ? await offerFill(tx, context, event, events, at)
    : (listingFill(context, event) ?? (await offerFill(tx, context, event, events, at)));
  if (trade) await recordTradeCards(tx, context, event, events, at, fill?.card);
  if (!fill || !context.contracts.has(lower(fill.card.token))) return;
  const stored = await storedOrder(tx, context, event, at);
  // The listing half of a settled timed auction (../trading/auction/settlementCall.ts) only ends the listing:
  // the bid's half is the sale, at the bid's price.
  if (stored?.saleType === 'auction') return;
  const contractAddress = lower(fill.card.token);
  const tokenId = fill.card.identifier.toString();
  const [cardRow] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(eq(cards.chainId, context.chainId), eq(cards.contractAddress, contractAddress), eq(cards.tokenId, tokenId)),
    );
  const creator = cardRow ? await cardCreator(tx, cardRow.id) : undefined;
  const split = splitFill(
    fill.items,
    fill.seller,
    {
      feeRecipient: context.feeRecipient,
      paymentAddress: context.paymentAddress,
      creatorWallets: creator?.wallets ?? new Set(),
    },
    stored?.currencyCode,
  );
  if (split === undefined) {
    console.warn(
      `[indexer] chain ${context.chainId}: fill ${event.orderHash} paid in no listed currency; no sale booked`,
    );
    return;
  }
  const sale = await recordSale(tx, {
    chainId: context.chainId,
    orderId: stored?.listingId ?? null,
    offerId: stored?.offer?.id ?? null,
    cardId: cardRow?.id ?? null,
    contractAddress,
    tokenId,
    buyerAddress: lower(fill.buyer),
    sellerAddress: lower(fill.seller),
    price: split.price.toString(),
    currencyCode: split.currencyCode,
    platformFee: split.fee.toString(),
    royalty: split.royalty.toString(),
    // The card a trade's coin paid for went for cards too: a trade, not a price.
    kind: trade ? 'trade' : 'sale',
    txHash: lower(event.txHash),
    blockNumber: Number(event.blockNumber),
    logIndex: event.logIndex,
    soldAt: at,
  });
  if (sale) await refreshDailyStats(tx, { chainId: context.chainId, contractAddress }, [at]);
  if (sale && stored?.offer) await closeUsedOffer(tx, stored.offer, event, at);
  // Revenue only from orders the site stored: a private order between an illustrator's own wallets, paid
  // in a token they minted, earns nothing here.
  if (sale && stored && creator) {
    const rows = fillRevenues(creator, fill.seller, fill.items, context.paymentAddress);
    const proven = new Map([...receiptIds, ...(fill.receiptIds ?? [])]);
    const position = { txHash: lower(event.txHash), logIndex: event.logIndex, blockNumber: Number(event.blockNumber) };
    const terms = { price: split.price, platformFee: split.fee, currencyCode: split.currencyCode };
    await bookSaleRevenues(tx, { chainId: context.chainId, ...position, soldAt: at, ...terms }, rows, proven);
  }
}

/** Applies the range's Seaport events in chain order (see the module comment). */
export async function applyExchangeEvents(
  tx: Transaction,
  context: ExchangeContext,
  events: readonly ChainEvent[],
): Promise<void> {
  const funded = new Set<string>();
  for (const event of events) {
    if (event.kind === 'funds') funded.add(lower(event.owner));
    if (event.kind === 'fulfilled') {
      await recordFill(tx, context, event, events);
    } else if (event.kind === 'cancelled') {
      const at = await context.blockTime(event.blockNumber);
      await cancelOrderByHash(tx, context.chainId, event.orderHash, { at, block: event.blockNumber });
    } else if (event.kind === 'counter') {
      const at = await context.blockTime(event.blockNumber);
      const key = {
        chainId: context.chainId,
        exchange: event.seaport,
        offerer: event.offerer,
        counter: event.newCounter,
      };
      await cancelBelowCounter(tx, key, { at, block: event.blockNumber });
    }
  }
  // Their balance or allowance moved: the offer check looks at their offers again on its next pass.
  await recheckOffersOf(tx, context.chainId, [...funded]);
}
