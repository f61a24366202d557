/**
 * The bulk listing island's props on the wallet's items page: the chains this server runs (for the wallet
 * to switch to) and the messages in the page's language; the same for every visitor (the page is cached),
 * the cards and the chains' terms are read by the island when the owner opens it.
 *
 * @see ./BulkListing.tsx
 */
import { toWalletChain } from '~/features/chains/chainOption';
import type { Chain } from '~/features/chains/chains';
import type { Translate } from '~/features/i18n/t';
import {
  BULK_MESSAGE_KEYS,
  BULK_TRADE_MESSAGE_KEYS,
  type BulkListingProps,
  type BulkMessages,
  type BulkTradeMessages,
} from './bulkListingModel';

/** The props of the island on `wallet`'s page. */
export function bulkListingProps(input: {
  wallet: string;
  chains: readonly Chain[];
  localePrefix: string;
  t: Translate;
}): BulkListingProps {
  const { t } = input;
  const bulk = Object.fromEntries(BULK_MESSAGE_KEYS.map((key) => [key, t(`bulk.${key}`)])) as BulkMessages;
  const trade = Object.fromEntries(BULK_TRADE_MESSAGE_KEYS.map((key) => [key, t(`trade.${key}`)])) as BulkTradeMessages;
  return {
    wallet: input.wallet.toLowerCase(),
    chains: input.chains.map(toWalletChain),
    localePrefix: input.localePrefix,
    messages: { bulk, trade },
  };
}
