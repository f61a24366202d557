/**
 * "Sell to best offers" on an owner's items page: for each card asked, the offer its owner would accept now, the
 * same one the token page's "Sell now" picks (./offerModel.ts `bestOffer`: the highest active offer, bids on a
 * timed auction aside, in the chain's wrapped coin) among the card's open offers (./offerQueries.server.ts). A card
 * the wallet does not hold on the site's record, or with no such offer, answers no offer: the island fills the
 * rest in one `fulfillAvailableAdvancedOrders` (../seaport/acceptOffers.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { isDeployedAddress } from '~/features/chains/chainConfig';
import type { Chain } from '~/features/chains/chains';
import { cards } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { bestOffer, type SignedOfferItem } from './offerModel';
import { offerItem } from './offerPanelProps.server';
import { offersForCard } from './offerQueries.server';

/** The most cards one call weighs (and one transaction sells). */
export const MAX_SELL_NOW_CARDS = 20;

/** One card asked about. */
export interface CardRef {
  contractAddress: string;
  tokenId: string;
}

/** A card and the offer its owner would accept now (null: none, or not theirs). */
export interface CardBestOffer extends CardRef {
  offer: SignedOfferItem | null;
}

/** The best acceptable offer for each of `owner`'s `refs` on `chain` (see the module comment). */
export async function bestOffersForCards(
  db: Database,
  chain: Chain,
  owner: string,
  refs: readonly CardRef[],
): Promise<CardBestOffer[]> {
  const wallet = owner.toLowerCase();
  const wrapped = isDeployedAddress(chain.contracts.payment) ? chain.contracts.payment.toLowerCase() : null;
  const wanted = refs.slice(0, MAX_SELL_NOW_CARDS).map((ref) => ({
    contractAddress: ref.contractAddress.toLowerCase(),
    tokenId: ref.tokenId,
  }));
  const held = wanted.length
    ? await db
        .select({ contractAddress: cards.contractAddress, tokenId: cards.tokenId })
        .from(cards)
        .where(
          and(
            eq(cards.chainId, chain.chainId),
            eq(cards.ownerAddress, wallet),
            eq(cards.hidden, false),
            inArray(
              cards.contractAddress,
              wanted.map((ref) => ref.contractAddress),
            ),
          ),
        )
    : [];
  const holds = new Set(held.map((row) => `${row.contractAddress}:${row.tokenId}`));
  const answers: CardBestOffer[] = [];
  for (const ref of wanted) {
    if (!holds.has(`${ref.contractAddress}:${ref.tokenId}`)) {
      answers.push({ ...ref, offer: null });
      continue;
    }
    const card = { chainId: chain.chainId, contractAddress: ref.contractAddress, tokenId: BigInt(ref.tokenId) };
    const offers = (await offersForCard(db, card)).map(offerItem);
    answers.push({ ...ref, offer: bestOffer(offers, wallet, wallet, wrapped) });
  }
  return answers;
}
