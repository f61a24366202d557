/**
 * Computes the token page trading island's props on the server, the same for every visitor (the island reads
 * who is signed in itself): the chain's trading terms with the platform fee read with the card
 * (../terms/tradeTerms.server.ts; the page sends them once, ../terms/sharedTerms.ts, and the props name them), the
 * card (its name and image as a cart keeps them, its owner and active listing), and the island's own props (the
 * locale prefix of its links and the page's language, in which its messages load with its code). Null when the
 * card's chain is not configured.
 *
 * @see docs/product-spec.md §2 (/tokens/...), §3 "Sell-card payload"
 */

import type { CardDetail } from '~/features/catalogue/types';
import type { Chain } from '~/features/chains/chains';
import type { TradeCard } from '../parts/tradeCard';
import { DEFAULT_PLATFORM_FEE_BPS } from '../terms/platformFee.server';
import { shareTerms } from '../terms/sharedTerms';
import type { TradeTerms } from '../terms/tradeTerms';
import { tradeTerms } from '../terms/tradeTerms.server';
import { isZoneOrder } from '../zone/zoneOrder';
import type { TradeActionsProps } from './TradeActions';

/** The card as the island needs it. */
export function tradeCard(
  card: Pick<CardDetail, 'contractAddress' | 'tokenId' | 'owner' | 'listing'> &
    Partial<Pick<CardDetail, 'name' | 'nameEn' | 'image'>>,
  chain: Pick<Chain, 'contracts'>,
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
          viaZone: isZoneOrder(listing.order, chain),
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
 * The page's terms and the island's props for `card`, or null when its chain is unknown.
 * @throws Error for a bad trading configuration (e.g. `SEAPORT_CONDUIT_KEY`): the page hides the actions
 */
export function tradeActionProps(input: {
  card: Parameters<typeof tradeCard>[0] & Pick<CardDetail, 'platformFeeBps'>;
  chain: Chain | undefined;
  localePrefix: string;
  locale: string;
  settings: Parameters<typeof tradeTerms>[2];
}): { terms: TradeTerms; island: TradeActionsProps } | null {
  const { card, chain, localePrefix, locale, settings } = input;
  if (!chain) return null;
  const terms = tradeTerms(chain, card.platformFeeBps ?? DEFAULT_PLATFORM_FEE_BPS, settings);
  return { terms, island: { termsKey: shareTerms(terms), card: tradeCard(card, chain), localePrefix, locale } };
}
