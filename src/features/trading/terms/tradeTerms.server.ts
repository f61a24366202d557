/**
 * Computes a chain's trading terms for the islands (./tradeTerms.ts): the chain as the wallet needs it,
 * Seaport, the conduit and its key, the platform fee (read by the caller: the token page reads it with the
 * card), its recipient, the auction settlement account and the chain's currencies.
 *
 * @see docs/product-spec.md §3 "Sell-card payload"
 */
import { toWalletChain } from '~/features/chains/chainOption';
import type { Chain } from '~/features/chains/chains';
import { CURRENCIES } from '~/features/chains/currencies';
import { type SettlerSettings, settlerAccount } from '../orders/settler.server';
import { listedCurrencies } from './currencyTokens';
import { type SellTermsSettings, sellTermsWithFee } from './sellTerms.server';
import type { TradeCurrency, TradeTerms } from './tradeTerms';

/**
 * The terms of `chain` with its fee of `feeBps`.
 * @throws Error for a bad configuration (e.g. `SEAPORT_CONDUIT_KEY`), as ./sellTerms.server.ts does
 */
export function tradeTerms(chain: Chain, feeBps: number, settings: SellTermsSettings & SettlerSettings): TradeTerms {
  const terms = sellTermsWithFee(chain, feeBps, settings);
  const currencies: TradeCurrency[] = listedCurrencies(chain).map(({ code, token }) => ({
    code,
    symbol: CURRENCIES[code].symbol,
    decimals: CURRENCIES[code].decimals,
    token,
  }));
  return {
    chain: toWalletChain(chain),
    seaport: terms.seaport,
    conduit: chain.contracts.market,
    conduitKey: terms.conduitKey,
    feeRecipient: terms.feeRecipient ?? null,
    settler: settlerAccount(settings)?.address ?? null,
    zone: chain.contracts.zone,
    feeBps: terms.feeBps,
    currencies,
  };
}
