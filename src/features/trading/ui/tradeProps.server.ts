/**
 * Computes the trading island's props on the server: the chain (to switch the wallet to it), Seaport, the
 * conduit and its key, the platform fee, the owner and active listing, the chain's currencies and the
 * signed-in wallet. Null when the card's chain is not configured.
 *
 * @see /work/shared/spec/marketplace-spec.md §2 (/tokens/...), §3 "Sell-card payload"
 */
import type { Database } from '../../../server/db/types';
import type { CardDetail } from '../../cards/types';
import { toWalletChain } from '../../chains/chainOption';
import type { Chain } from '../../chains/chains';
import { CURRENCIES, currenciesForChain } from '../../chains/currencies';
import type { Translate } from '../../i18n/t';
import { currencyToken } from '../currencyTokens';
import { sellTerms } from '../sellTerms.server';
import { TRADE_MESSAGE_KEYS, type TradeActionsProps, type TradeCurrency, type TradeMessages } from './tradeModel';

/** The island's props for `card`, or null when its chain is unknown. */
export async function tradeActionProps(
  db: Database,
  input: {
    card: CardDetail;
    chain: Chain | undefined;
    userWallet: string | null;
    localePrefix: string;
    t: Translate;
  },
): Promise<TradeActionsProps | null> {
  const { card, chain, userWallet, localePrefix, t } = input;
  if (!chain) return null;
  const terms = await sellTerms(db, chain);
  const currencies: TradeCurrency[] = [];
  for (const code of currenciesForChain(chain.key)) {
    const token = currencyToken(chain, code);
    if (token)
      currencies.push({
        code,
        symbol: CURRENCIES[code].symbol,
        decimals: CURRENCIES[code].decimals,
        token: token.token,
      });
  }
  const listing = card.listing;
  const messages = Object.fromEntries(TRADE_MESSAGE_KEYS.map((key) => [key, t(`trade.${key}`)])) as TradeMessages;
  return {
    chain: toWalletChain(chain),
    seaport: terms.seaport,
    conduit: chain.contracts.market,
    conduitKey: terms.conduitKey,
    feeRecipient: terms.feeRecipient ?? null,
    feeBps: terms.feeBps,
    contractAddress: card.contractAddress,
    tokenId: card.tokenId,
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
        }
      : null,
    currencies,
    userWallet,
    localePrefix,
    messages,
  };
}
