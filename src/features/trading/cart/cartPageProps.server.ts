/**
 * The cart page's and the sweep form's props, computed on the server: the configured chains with their
 * Seaport, conduit and conduit key (what a cart transaction needs; the same for every visitor, the cart itself
 * is in the visitor's browser), and the messages in the page's locale.
 */

import { toWalletChain } from '~/features/chains/chainOption';
import type { Chain } from '~/features/chains/chains';
import { CURRENCIES } from '~/features/chains/currencies';
import type { Translate } from '~/features/i18n/t';
import type { Settings } from '~/server/settings/schema';
import { ORDER_REASON_KEYS, ORDER_REASONS } from '../orders/orderFacts';
import { tradeMessages } from '../parts/tradeMessages';
import { listedCurrencies } from '../terms/currencyTokens';
import { platformConduitKey } from '../terms/sellTerms.server';
import type { CartPageProps } from './CartPage';
import {
  CART_MESSAGE_KEYS,
  CART_ONLY_REASONS,
  type CartMessages,
  type CartReason,
  SWEEP_MESSAGE_KEYS,
  type SweepMessages,
} from './cartModel';
import type { SweepFormProps } from './SweepForm';

/** The cart island's props for `chains` (a configuration error leaves a chain out, logged). */
export function cartPageProps(input: {
  chains: readonly Chain[];
  localePrefix: string;
  locale: string;
  t: Translate;
  settings: Pick<Settings, 'CHAIN_ENV' | 'SEAPORT_CONDUIT_KEY'>;
}): CartPageProps {
  const { t } = input;
  const chains = input.chains.flatMap((chain) => {
    try {
      const conduitKey = platformConduitKey(input.settings);
      return [
        {
          chain: toWalletChain(chain),
          seaport: chain.contracts.exchange,
          conduit: chain.contracts.market,
          conduitKey,
          label: t(`chain.${chain.key}`),
        },
      ];
    } catch (error) {
      console.error('[cart] chain unavailable:', error);
      return [];
    }
  });
  const reasons = Object.fromEntries([
    ...ORDER_REASONS.map((reason) => [reason, t(ORDER_REASON_KEYS[reason])]),
    ...CART_ONLY_REASONS.map((reason) => [reason, t(`cart.reason.${reason}`)]),
  ]) as Record<CartReason, string>;
  return {
    chains,
    m: Object.fromEntries(CART_MESSAGE_KEYS.map((key) => [key, t(`cart.${key}`)])) as CartMessages,
    reasons,
    trade: tradeMessages(t),
    localePrefix: input.localePrefix,
    locale: input.locale,
  };
}

/** The sweep form's props for a collection on `chain`. */
export function sweepFormProps(input: {
  collectionId: number;
  chain: Chain;
  localePrefix: string;
  t: Translate;
}): SweepFormProps {
  const { t } = input;
  return {
    collectionId: input.collectionId,
    chainId: input.chain.chainId,
    currencies: listedCurrencies(input.chain).map(({ code }) => ({ code, symbol: CURRENCIES[code].symbol })),
    cartPath: `${input.localePrefix}/cart`,
    m: Object.fromEntries(SWEEP_MESSAGE_KEYS.map((key) => [key, t(`cart.sweep.${key}`)])) as SweepMessages,
  };
}
