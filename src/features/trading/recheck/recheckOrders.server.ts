/**
 * Keeping stored orders true to the chain, one pass per chain: order health re-checks the active listings
 * (../orders/orderHealth.server.ts), offer health the active offers (../offer/checkOffers.server.ts), then the
 * auctions' bids are looked at again, so a standing highest bid that lost its backing disqualifies its bidder
 * (../auction/bidStanding.server.ts). Its job (../jobs/tradingJobs.server.ts) runs beside the indexer's block loop.
 */
import type { Address } from 'viem';
import type { Chain } from '~/features/chains/chains';
import type { Database } from '~/server/db/types';
import { checkBids } from '../auction/bidStanding.server';
import { checkOffers } from '../offer/checkOffers.server';
import { checkOrders } from '../orders/orderHealth.server';

/** What one pass changed: cards whose listing's reason changed, collections whose offers did, auctions. */
export interface RecheckResult {
  cards: number[];
  offerCollections: number[];
  auctions: number[];
}

/** One pass over `chain` (see the module comment). */
export async function recheckOrders(
  db: Database,
  chain: Chain,
  feeRecipient: Address | undefined,
  now = new Date(),
): Promise<RecheckResult> {
  const cards = await checkOrders(db, chain, feeRecipient, now);
  const offerCollections = await checkOffers(db, chain, now);
  const auctions = await checkBids(db, chain, now);
  return { cards, offerCollections, auctions };
}
