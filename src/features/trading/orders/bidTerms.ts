/**
 * What the offer submit path (../offer/submitOffer.server.ts) asks of timed auctions when a token offer is a
 * bid, without importing them: ../placeOffer/placeOffer.server.ts hands it ../auction/bids.server.ts's answers. Offers
 * and auctions import this folder, not each other.
 */
import type { Hex } from 'viem';
import type { Chain } from '~/features/chains/chains';
import type { Database, Transaction } from '~/server/db/types';
import type { OrderComponents } from '../seaport/seaportTypes';

/** A running auction a bid can go to (what the submit path passes back to the auction's side). */
export interface BidAuction {
  id: number;
}

/** A bid as the auction's rules read it. */
export interface BidFacts {
  chain: Chain;
  order: OrderComponents;
  signature: Hex;
  currencyCode: number;
  /** What the bid offers (before fee and royalty). */
  unitPrice: bigint;
  /** Whether the order is restricted to the settlement account (a bid must be). */
  restricted: boolean;
}

/** The auction side of the offer submit path. */
export interface BidTerms<A extends BidAuction = BidAuction> {
  /** The running auction of the card, when its active listing is one. */
  auctionOf(db: Database, card: { chainId: number; contractAddress: string; tokenId: string }): Promise<A | undefined>;
  /** The first problem with the bid under the auction's rules (before anything is stored), or undefined. */
  problem(db: Database, auction: A, bid: BidFacts, now: Date): Promise<string | undefined>;
  /** The problem with what the bid pays out of itself (exactly the fee and the royalty), or undefined. */
  payoutProblem(order: OrderComponents, fee: bigint, royalty: bigint): string | undefined;
  /** Places the stored offer as a bid, inside the transaction that stored it (409 when it lost the race). */
  place(
    tx: Transaction,
    auction: A,
    offer: { id: number; price: string; offererAddress: string },
    now: Date,
  ): Promise<unknown>;
}
