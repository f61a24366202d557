/**
 * Storing a timed-auction listing sent to `POST /api/v1/sell_card` (an order restricted to the platform's
 * settlement account, ./auctionRules.ts): the checks only an auction needs (its layout, a reserve at least
 * the chain's minimum, ./auctionReserve.server.ts, and a signature made with the seller's own key: a contract
 * wallet's ERC-1271 answer could change between the settlement's check and its transaction, and jam it), and
 * its `auctions` row, written in the same transaction as the sell order.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { type Address, formatUnits } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { CURRENCIES } from '~/features/chains/currencies';
import { getT } from '~/features/i18n/t';
import { conflict, unprocessable } from '~/server/api/errors';
import { auctionBids, auctions, type sellOrders } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { ofCard } from '../orders/cardRows.server';
import type { ListingState } from '../orders/listingState.server';
import { onChain } from '../orders/orderCalls.server';
import { ORDER_REASON_KEYS } from '../orders/orderFacts';
import type { SellCardInput } from '../orders/sellCardPayload';
import { type SettlerSettings, settlerAccount } from '../orders/settler.server';
import { isSignedByOfferersKey } from '../seaport/orderSignature.server';
import { currencyToken } from '../terms/currencyTokens';
import type { SellTerms } from '../terms/sellTerms.server';
import { minimumReserve } from './auctionReserve.server';
import { auctionEnd, auctionListingProblem, MIN_STEP_BPS, SETTLEMENT_MARGIN_SECONDS } from './auctionRules';

/** Refuses an auction listing that breaks the rules, given the chain's state (royalty at the reserve). */
export async function checkAuctionListing(
  db: Database,
  chain: Chain,
  input: SellCardInput,
  state: ListingState,
  terms: SellTerms,
  options: { settings: SettlerSettings; now: Date },
): Promise<void> {
  const problem = auctionListingProblem(
    input.order,
    {
      seller: input.seller_address,
      contractAddress: input.contract_address,
      tokenId: input.token_id,
      price: input.price,
    },
    {
      currency: currencyToken(chain, input.currency_code),
      feeBps: terms.feeBps,
      royalty: state.royalty.amount,
      settler: settlerAccount(options.settings)?.address as Address | undefined,
      zone: chain.contracts.zone,
      conduitKey: terms.conduitKey,
      now: BigInt(Math.floor(options.now.getTime() / 1000)),
    },
  );
  if (problem) throw unprocessable(problem);
  const symbol = CURRENCIES[input.currency_code as keyof typeof CURRENCIES]?.symbol ?? '';
  const least = await onChain(chain, () => minimumReserve(db, chain, input.currency_code, terms.feeBps));
  if (least.amount === undefined) {
    throw unprocessable(`Auctions in ${symbol} are closed on ${chain.chainName}: no minimum reserve is set for them`);
  }
  if (input.price < least.amount) {
    const decimals = CURRENCIES[input.currency_code as keyof typeof CURRENCIES]?.decimals ?? 18;
    throw unprocessable(
      `The reserve is below the minimum reserve of ${formatUnits(least.amount, decimals)} ${symbol} on ${chain.chainName} (what a settlement costs)`,
    );
  }
  if (!(await isSignedByOfferersKey(chain, chain.contracts.exchange, input.order, input.signature))) {
    throw unprocessable(getT('en')(ORDER_REASON_KEYS.contract_wallet));
  }
}

/**
 * Refuses a new listing of a card whose running auction already has bids (the bidders hold the seller to it),
 * inside the storing transaction: the seller's running auctions of the card are locked first, as a bid locks
 * its auction, so a bid and a replacing listing cannot both go through.
 */
export async function refuseOverAuctionWithBids(
  tx: Transaction,
  key: { chainId: number; contractAddress: string; tokenId: string; sellerAddress: string },
): Promise<void> {
  const running = await tx
    .select({ id: auctions.id })
    .from(auctions)
    .where(
      and(
        ofCard(auctions, key),
        eq(auctions.sellerAddress, key.sellerAddress),
        inArray(auctions.status, ['running', 'settling']),
      ),
    )
    .for('update');
  if (running.length === 0) return;
  const [bid] = await tx
    .select({ id: auctionBids.id })
    .from(auctionBids)
    .where(
      inArray(
        auctionBids.auctionId,
        running.map((row) => row.id),
      ),
    )
    .limit(1);
  if (bid) throw conflict('This card is in an auction that has bids; it sells to the highest bid when it ends');
}

/** Adds the auction of a just-stored auction listing, and ends the seller's earlier auctions of the card. */
export async function insertAuction(
  tx: Transaction,
  listing: typeof sellOrders.$inferSelect,
  input: SellCardInput,
): Promise<void> {
  await tx
    .update(auctions)
    .set({ status: 'cancelled', outcome: 'replaced by a newer listing' })
    .where(and(ofCard(auctions, listing), eq(auctions.status, 'running')));
  const endsAt = new Date(Number(auctionEnd(input.order)) * 1000);
  await tx.insert(auctions).values({
    sellOrderId: listing.id,
    chainId: listing.chainId,
    contractAddress: listing.contractAddress,
    tokenId: listing.tokenId,
    sellerAddress: listing.sellerAddress,
    currencyCode: listing.currencyCode,
    reservePrice: input.price.toString(),
    minStepBps: MIN_STEP_BPS,
    endsAt,
    scheduledEndsAt: endsAt,
    latestEndsAt: new Date(Number(input.order.endTime - SETTLEMENT_MARGIN_SECONDS) * 1000),
  });
}
