/**
 * Computes the trading island's props on the server: the chain (to switch the wallet to it), Seaport, the
 * conduit and its key, the platform fee (read with the card), the owner and active listing and the chain's currencies (the same
 * for every visitor: the island reads who is signed in itself). Null when the card's chain is not configured.
 *
 * @see docs/product-spec.md §2 (/tokens/...), §3 "Sell-card payload"
 */

import type { CardDetail } from '../catalogue/types';
import { toWalletChain } from '../chains/chainOption';
import type { Chain } from '../chains/chains';
import { CURRENCIES } from '../chains/currencies';
import type { Translate } from '../i18n/t';
import { listedCurrencies } from './currencyTokens';
import { type SettlerSettings, settlerAccount } from './orders/settler.server';
import { DEFAULT_PLATFORM_FEE_BPS } from './platformFee.server';
import { type SellTermsSettings, sellTermsWithFee } from './sellTerms.server';
import { TRADE_MESSAGE_KEYS, type TradeActionsProps, type TradeCurrency, type TradeMessages } from './tradeModel';

/** The island's props for `card`, or null when its chain is unknown. */
export function tradeActionProps(input: {
  card: Pick<CardDetail, 'platformFeeBps' | 'contractAddress' | 'tokenId' | 'owner' | 'listing'> &
    Partial<Pick<CardDetail, 'name' | 'nameEn' | 'image'>>;
  chain: Chain | undefined;
  localePrefix: string;
  t: Translate;
  settings: SellTermsSettings & SettlerSettings;
}): TradeActionsProps | null {
  const { card, chain, localePrefix, t, settings } = input;
  if (!chain) return null;
  const terms = sellTermsWithFee(chain, card.platformFeeBps ?? DEFAULT_PLATFORM_FEE_BPS, settings);
  const currencies: TradeCurrency[] = listedCurrencies(chain).map(({ code, token }) => ({
    code,
    symbol: CURRENCIES[code].symbol,
    decimals: CURRENCIES[code].decimals,
    token,
  }));
  const listing = card.listing;
  const messages = Object.fromEntries(TRADE_MESSAGE_KEYS.map((key) => [key, t(`trade.${key}`)])) as TradeMessages;
  return {
    chain: toWalletChain(chain),
    seaport: terms.seaport,
    conduit: chain.contracts.market,
    conduitKey: terms.conduitKey,
    feeRecipient: terms.feeRecipient ?? null,
    settler: settlerAccount(settings)?.address ?? null,
    feeBps: terms.feeBps,
    contractAddress: card.contractAddress,
    tokenId: card.tokenId,
    cardName: card.name ?? '',
    cardNameEn: card.nameEn ?? null,
    cardImage: card.image ?? null,
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
    currencies,
    userWallet: null,
    localePrefix,
    messages,
  };
}
