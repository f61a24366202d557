/** What the checkout and receipt islands share: their props and messages (free of Stripe's libraries). */
import { interpolate } from '~/features/i18n/format';

/**
 * The checkout's terms (Act on Specified Commercial Transactions, art. 12-6: what the final confirmation screen
 * of a mail-order sale shows), as keys of `pay.terms.<key>`: each is shown on `/checkout/{id}` beside the
 * order (quantity, price and sale period come from the drop) and said in the same words on
 * `/transaction-act` (a test holds both to it).
 */
export const CHECKOUT_TERM_KEYS = [
  'taxIncluded',
  'fees',
  'method',
  'timing',
  'delivery',
  'cancel',
  'refund',
  'period',
] as const;
/** One checkout term. */
export type CheckoutTermKey = (typeof CHECKOUT_TERM_KEYS)[number];

/** Keys of the checkout island's messages (`pay.checkout.<key>`). */
export const CHECKOUT_MESSAGE_KEYS = [
  'signIn',
  'start',
  'pay',
  'preparing',
  'failed',
  'soldOut',
  'reserved',
  'lapsed',
  'limit',
  'tooMany',
  'declined',
  'note',
] as const;
/** The checkout island's messages. */
export type CheckoutMessages = Record<(typeof CHECKOUT_MESSAGE_KEYS)[number], string>;

/** Why the site refused to hold a serial (`reason` of a 409 or 429 from the purchase endpoint). */
export type HoldRefusalReason = 'sold_out' | 'reserved' | 'lapsed' | 'limit' | 'buyer_limit';

/** The checkout's message for a refused hold, `minutes` filled in where it says when to try again. */
export function holdRefusalMessage(
  m: CheckoutMessages,
  refusal: { reason?: unknown; retryAfterSeconds?: unknown },
): string | undefined {
  const seconds = typeof refusal.retryAfterSeconds === 'number' ? refusal.retryAfterSeconds : 0;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const template: Partial<Record<HoldRefusalReason, string>> = {
    sold_out: m.soldOut,
    reserved: m.reserved,
    lapsed: m.lapsed,
    limit: m.limit,
    buyer_limit: m.tooMany,
  };
  const reason = typeof refusal.reason === 'string' && Object.hasOwn(template, refusal.reason) ? refusal.reason : '';
  const found = template[reason as HoldRefusalReason];
  return found === undefined ? undefined : interpolate(found, { minutes });
}

/** Keys of the receipt island's messages (`pay.receipt.<key>`). */
export const RECEIPT_MESSAGE_KEYS = [
  'pending',
  'paid',
  'minting',
  'minted',
  'refunding',
  'refunded',
  'expired',
  'viewCard',
  'amount',
  'signIn',
] as const;
/** The receipt island's messages. */
export type ReceiptMessages = Record<(typeof RECEIPT_MESSAGE_KEYS)[number], string>;

/** A purchase as the receipt shows it. */
export interface ReceiptPurchase {
  id: number;
  status: 'pending' | 'paid' | 'minting' | 'minted' | 'refunding' | 'refunded' | 'expired';
  amountJpy: number;
  chainId: number;
  contractAddress: string;
  tokenId: string | null;
}

/** Whether the receipt keeps asking (the purchase is still on its way). */
export function stillMoving(status: ReceiptPurchase['status']): boolean {
  return status === 'pending' || status === 'paid' || status === 'minting' || status === 'refunding';
}
