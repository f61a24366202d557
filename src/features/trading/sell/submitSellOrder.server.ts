/**
 * Selling: storing a signed Seaport order sent to `POST /api/v1/sell_card` once the server has checked it
 * (the seller's signature, the payload against the order, the platform's terms, and on chain: the seller
 * owns the card, approved the order's conduit, and the order is neither stale nor used).
 *
 * A second active listing of the same card by the same seller replaces the first (it is marked cancelled:
 * the newest signed order is the one offered; the older one stays valid on chain until the seller cancels
 * it or the card moves, which the indexer records).
 *
 * The checks (`checkSellOrder`) and the insert (`storeSellOrder`) are apart so that `POST /api/v1/sell_cards`
 * (../bulk/submitSellOrders.server.ts) checks many listings the same way, then stores them in one transaction.
 *
 * @see docs/product-spec.md §3 "Sell-card payload", §7 sell_card, §8 "Sell-card failure"
 */
import { eq } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import { setCardOwner } from '~/features/catalogue/cardWrites.server';
import { configuredChain } from '~/features/chains/chainReads.server';
import type { Chain } from '~/features/chains/chains';
import { serverChains } from '~/features/chains/config.server';
import { getT } from '~/features/i18n/t';
import { conflict, forbidden, notFound, unprocessable } from '~/server/api/errors';
import { cards, sellOrders } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { serverSettings } from '~/server/settings/settings.server';
import { checkAuctionListing, insertAuction, refuseOverAuctionWithBids } from '../auction/auctionListing.server';
import { isAuctionListing } from '../auction/auctionRules';
import { ofCard } from '../orders/cardRows.server';
import { readListingState } from '../orders/listingState.server';
import { type ListingView, listingView as view } from '../orders/listingView';
import { type OrderOptions, onChain, type Seller } from '../orders/orderCalls.server';
import { listingReason, ORDER_REASON_KEYS } from '../orders/orderFacts';
import { insertListing, replaceListings } from '../orders/orderStatus.server';
import type { SellCardInput } from '../orders/sellCardPayload';
import { royaltyProblem, sellOrderProblem } from '../orders/sellOrderRules';
import type { SettlerSettings } from '../orders/settler.server';
import { considerationTotal, isDeclining } from '../seaport/orderAmounts';
import { orderHash } from '../seaport/orderHash';
import { toOrderJson } from '../seaport/orderJson';
import { isOrderSignatureValid } from '../seaport/orderSignature.server';
import { currencyToken } from '../terms/currencyTokens';
import { type SellTerms, sellTerms } from '../terms/sellTerms.server';

/** Checks everything the chain must confirm about a listing (see the module comment). */
async function checkOnChain(
  db: Database,
  chain: Chain,
  input: SellCardInput,
  hash: Hex,
  terms: SellTerms,
  options: { settings: SettlerSettings; now: Date },
) {
  const { order } = input;
  const { feeRecipient } = terms;
  const state = await onChain(chain, () =>
    readListingState(chain, {
      seaport: chain.contracts.exchange,
      card: input.contract_address,
      tokenId: input.token_id,
      seller: input.seller_address,
      conduitKey: order.conduitKey,
      orderHash: hash,
      price: input.price,
      endPrice: considerationTotal(order, 'end'),
    }),
  );
  // The time window was checked with the order's layout; the royalty below, with its own message.
  const reason = listingReason(order, state, { feeRecipient, now: order.startTime });
  if (reason && reason !== 'royalty') {
    throw unprocessable(getT('en')(ORDER_REASON_KEYS[reason], { operator: state.operator ?? '' }));
  }
  if (isAuctionListing(order)) return checkAuctionListing(db, chain, input, state, terms, options);
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

/** A listing that passed every check (see {@link checkSellOrder}), ready for {@link storeSellOrder}. */
export interface CheckedSellOrder {
  input: SellCardInput;
  chainId: number;
  exchange: Address;
  hash: Hex;
  card: { id: number; ownerAddress: string | null };
  /** The same order stored before and still active: nothing to store. */
  stored?: typeof sellOrders.$inferSelect;
}

/**
 * Checks a listing without storing anything: the seller, the chain and its terms, the card, the signature
 * (single or bulk) and the chain's state. Resolves with `stored` set when the same order is stored and active.
 * @throws HttpError 403 (not the seller), 404 (unknown card), 409 (order already closed), 422 (invalid
 *   order or chain state), 502 (the chain did not answer)
 */
export async function checkSellOrder(
  db: Database,
  seller: Seller,
  input: SellCardInput,
  options: OrderOptions = {},
): Promise<CheckedSellOrder> {
  const sellerAddress = input.seller_address.toLowerCase();
  if (sellerAddress !== seller.walletAddress.toLowerCase()) throw forbidden('seller_address must be your wallet');
  const chain = configuredChain(options.chains ?? serverChains(), input.chain_id);
  const exchange = input.exchange ?? chain.contracts.exchange;
  if (exchange.toLowerCase() !== chain.contracts.exchange.toLowerCase()) {
    throw unprocessable(`exchange must be ${chain.contracts.exchange} on chain ${chain.chainId}`);
  }
  const settings = options.settings ?? serverSettings();
  const terms = await sellTerms(db, chain, settings);
  const now = options.now ?? new Date();
  const claims = {
    contractAddress: input.contract_address,
    tokenId: input.token_id,
    price: input.price,
    seller: input.seller_address,
  };
  // A timed auction's order follows its own rules, checked with the chain's royalty (checkOnChain).
  const auction = isAuctionListing(input.order);
  const problem = auction
    ? undefined
    : sellOrderProblem(input.order, claims, {
        currency: currencyToken(chain, input.currency_code),
        feeBps: terms.feeBps,
        feeRecipient: terms.feeRecipient,
        conduitKey: terms.conduitKey,
        zone: terms.zone,
        now: BigInt(Math.floor(now.getTime() / 1000)),
      });
  if (problem) throw unprocessable(problem);

  const [card] = await db
    .select({ id: cards.id, ownerAddress: cards.ownerAddress })
    .from(cards)
    .where(
      ofCard(cards, {
        chainId: chain.chainId,
        contractAddress: input.contract_address.toLowerCase(),
        tokenId: input.token_id.toString(),
      }),
    );
  if (!card) throw notFound('This card is not on the marketplace');

  const hash = orderHash(input.order);
  const checked = { input, chainId: chain.chainId, exchange, hash, card };
  const [existing] = await db.select().from(sellOrders).where(eq(sellOrders.orderHash, hash));
  if (existing) {
    if (existing.status === 'active') return { ...checked, stored: existing };
    throw conflict(`This order is already ${existing.status}`);
  }
  const signed = await onChain(chain, () => isOrderSignatureValid(chain, exchange, input.order, input.signature));
  if (!signed) throw unprocessable('signature is not the seller’s signature of this order');
  await checkOnChain(db, chain, input, hash, terms, { settings, now });
  return checked;
}

/**
 * Stores a checked listing inside the caller's transaction `tx`: ends the seller's other active listing of
 * the card (see the module comment), records the seller as the card's owner, inserts the listing.
 */
export async function storeSellOrder(tx: Transaction, checked: CheckedSellOrder, now: Date) {
  const { input, chainId, exchange, hash, card } = checked;
  const sellerAddress = input.seller_address.toLowerCase();
  const contractAddress = input.contract_address.toLowerCase();
  const tokenId = input.token_id.toString();
  // Under the auction's lock (the one a bid takes), so a bid cannot slip in between.
  await refuseOverAuctionWithBids(tx, { chainId, contractAddress, tokenId, sellerAddress });
  const replaced = await replaceListings(tx, { chainId, contractAddress, tokenId, sellerAddress }, now);
  // The chain just said the seller owns the card: the page shows the listing even if the indexer lags.
  if (card.ownerAddress !== sellerAddress) {
    await setCardOwner(tx, { id: card.id }, sellerAddress);
  }
  const declining = isDeclining(input.order);
  const auction = isAuctionListing(input.order);
  const inserted = await insertListing(
    tx,
    {
      chainId,
      contractAddress,
      tokenId,
      cardId: card.id,
      price: input.price.toString(),
      ...(declining
        ? { saleType: 'declining' as const, endPrice: considerationTotal(input.order, 'end').toString() }
        : {}),
      ...(auction ? { saleType: 'auction' as const } : {}),
      signature: input.signature,
      sellerAddress,
      exchange: exchange.toLowerCase(),
      currencyCode: input.currency_code,
      order: toOrderJson(input.order),
      orderHash: hash,
      counter: input.order.counter.toString(),
      startsAt: new Date(Number(input.order.startTime) * 1000),
      expiresAt: new Date(Number(input.order.endTime) * 1000),
      checkedAt: now,
      createdAt: now,
    },
    replaced,
  );
  // Another request stored the same order since the check: the caller's transaction is rolled back.
  if (!inserted) throw conflict('This order was stored by another request at the same time; send it again');
  if (auction) await insertAuction(tx, inserted, input);
  return inserted;
}

/**
 * Checks and stores a listing. Resolves `{ created: true }` for a new listing, `{ created: false }` when the
 * same order was stored before and is still active.
 * @throws HttpError as {@link checkSellOrder}
 */
export async function submitSellOrder(
  db: Database,
  seller: Seller,
  input: SellCardInput,
  options: OrderOptions = {},
): Promise<{ created: boolean; listing: ListingView }> {
  const checked = await checkSellOrder(db, seller, input, options);
  if (checked.stored) return { created: false, listing: view(checked.stored) };
  const now = options.now ?? new Date();
  const row = await db.transaction((tx) => storeSellOrder(tx, checked, now));
  return { created: true, listing: view(row) };
}
