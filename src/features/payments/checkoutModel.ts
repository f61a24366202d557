/** What the checkout and receipt islands share: their props and messages (free of Stripe's libraries). */

/** Keys of the checkout island's messages (`pay.checkout.<key>`). */
export const CHECKOUT_MESSAGE_KEYS = [
  'signIn',
  'start',
  'pay',
  'preparing',
  'failed',
  'soldOut',
  'declined',
  'note',
] as const;
/** The checkout island's messages. */
export type CheckoutMessages = Record<(typeof CHECKOUT_MESSAGE_KEYS)[number], string>;

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
