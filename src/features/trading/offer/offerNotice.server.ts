/**
 * Telling a card's owner of a new offer on it (features/notifications `offer_received`), weighed against the
 * collection's floor now in the offer's coin (features/market/coinFloor.server.ts): an offer far below it tells no
 * one unless the owner asked for it. Called in the transaction that stores the offer (./submitOffer.server.ts), so
 * the notice exists exactly when the offer does.
 */
import { coinFloor } from '~/features/market/coinFloor.server';
import { noticeOfferReceived } from '~/features/notifications/orderNotices.server';
import type { Transaction } from '~/server/db/types';

/** A stored token offer as its notice needs it. */
export interface StoredOffer {
  id: number;
  chainId: number;
  contractAddress: string;
  currencyCode: number;
}

/** Tells the owner of the card `offer` is for, if it is worth telling (see the module comment). */
export async function tellOwnerOfOffer(tx: Transaction, offer: StoredOffer): Promise<void> {
  const floor = await coinFloor(
    tx,
    { chainId: offer.chainId, contractAddress: offer.contractAddress },
    offer.currencyCode,
  );
  await noticeOfferReceived(tx, offer.id, floor);
}
