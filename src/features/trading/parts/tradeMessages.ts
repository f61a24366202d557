/**
 * The trading islands' own messages (`trade.<key>` in ja.json / en.json): loaded with the island's code
 * ({@link tradeMessagesIn}, by the token page's acts and the offers panels), or looked up on the server in the
 * page's language and handed to the island with its props (the cart and the bulk listing form, which take the
 * keys they show).
 */
import trade from 'island-messages:trade';
import type { Translate } from '~/features/i18n/t';

/** Keys of the islands' messages (`trade.<key>` in ja.json / en.json). */
export const TRADE_MESSAGE_KEYS = [
  'sell',
  'price',
  'currency',
  'expiryDays',
  'submitSell',
  'buy',
  'cancelListing',
  'cancelFree',
  'cancelOnChain',
  'cancelHint',
  'connectFirst',
  'connectToTrade',
  'noWallet',
  'switching',
  'wrapping',
  'approving',
  'signing',
  'walletPrompt',
  'pending',
  'viewTx',
  'confirmed',
  'owned',
  'listed',
  'cancelled',
  'signRefused',
  'declined',
  'invalidPrice',
  'invalidExpiry',
  'noFeeRecipient',
  'failed',
  'refused',
  'close',
  'saleType',
  'saleFixed',
  'saleDeclining',
  'saleAuction',
  'endPrice',
  'reserve',
  'auctionDays',
  'auctionErc20',
  'invalidEndPrice',
  'bid',
  'bidAmount',
  'bidMinimum',
  'bidBackup',
  'placeBid',
  'hasBids',
  'bidPlaced',
  'addToCart',
  'inCart',
  'viewCart',
  'cartFull',
  'checking',
] as const;

/** One message key. */
export type TradeMessageKey = (typeof TRADE_MESSAGE_KEYS)[number];

/** The messages the islands show. */
export type TradeMessages = Record<TradeMessageKey, string>;

/** Every trading message in the language of `t`, keyed without the `trade.` prefix. */
export function tradeMessages(t: Translate): TradeMessages {
  return Object.fromEntries(TRADE_MESSAGE_KEYS.map((key) => [key, t(`trade.${key}`)])) as TradeMessages;
}

/** Every trading message in `locale`, loaded with the island's code rather than sent in its props. */
export function tradeMessagesIn(locale: string): TradeMessages {
  return trade[locale === 'en' ? 'en' : 'ja'] as TradeMessages;
}
