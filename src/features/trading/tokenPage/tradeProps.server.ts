/**
 * Computes the token page trading island's props on the server, the same for every visitor (the island reads
 * who is signed in itself): the chain's trading terms with the platform fee read with the card
 * (../terms/tradeTerms.server.ts), the card (its name and image as a cart keeps them, its owner and active
 * listing), and the island's own props (the locale prefix of its links and its messages). Null when the card's
 * chain is not configured.
 *
 * @see docs/product-spec.md §2 (/tokens/...), §3 "Sell-card payload"
 */

import type { CardDetail } from '~/features/catalogue/types';
import type { Chain } from '~/features/chains/chains';
import type { Translate } from '~/features/i18n/t';
import type { TradeCard } from '../parts/tradeCard';
import { tradeMessages } from '../parts/tradeMessages';
import { DEFAULT_PLATFORM_FEE_BPS } from '../terms/platformFee.server';
import { tradeTerms } from '../terms/tradeTerms.server';
import type { TradeActionsProps } from './TradeActions';

/** The card as the island needs it. */
export function tradeCard(
  card: Pick<CardDetail, 'contractAddress' | 'tokenId' | 'owner' | 'listing'> &
    Partial<Pick<CardDetail, 'name' | 'nameEn' | 'image'>>,
): TradeCard {
  const listing = card.listing;
  return {
    contractAddress: card.contractAddress,
    tokenId: card.tokenId,
    name: card.name ?? '',
    nameEn: card.nameEn ?? null,
    image: card.image ?? null,
    owner: card.owner,
    listing: listing
      ? {
          orderHash: listing.orderHash,
          price: listing.price,
          currencyCode: listing.currencyCode,
          sellerAddress: listing.sellerAddress,
          exchange: listing.exchange,
          order: listing.order,
          signature: listing.signature,
          unbuyableReason: listing.unbuyableReason,
          saleType: listing.saleType,
          currentPrice: listing.currentPrice,
          auction: listing.auction
            ? {
                status: listing.auction.status,
                reservePrice: listing.auction.reservePrice,
                minimumBid: listing.auction.minimumBid,
                currencyCode: listing.auction.currencyCode,
                endsAt: listing.auction.endsAt,
                bidsValidUntil: listing.auction.bidsValidUntil,
                bidCount: listing.auction.bidCount,
              }
            : null,
        }
      : null,
  };
}

/**
 * The island's props for `card`, or null when its chain is unknown.
 * @throws Error for a bad trading configuration (e.g. `SEAPORT_CONDUIT_KEY`): the page hides the actions
 */
export function tradeActionProps(input: {
  card: Parameters<typeof tradeCard>[0] & Pick<CardDetail, 'platformFeeBps'>;
  chain: Chain | undefined;
  localePrefix: string;
  t: Translate;
  settings: Parameters<typeof tradeTerms>[2];
}): TradeActionsProps | null {
  const { card, chain, localePrefix, t, settings } = input;
  if (!chain) return null;
  return {
    terms: tradeTerms(chain, card.platformFeeBps ?? DEFAULT_PLATFORM_FEE_BPS, settings),
    card: tradeCard(card),
    localePrefix,
    m: tradeMessages(t),
  };
}
