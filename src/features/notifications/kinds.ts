/**
 * The kinds of notification, where each goes by default, and their words. A notification stores its kind and
 * parameters (card name, token path, amount, reason); the text is made here in the reader's language when it
 * is read, so one stored row reads in Japanese and in English. Pure: the bell island and the server share it.
 */
import type { MessageKey, Translate } from '~/features/i18n/t';

/** Every kind of notification, named for what happened to the reader. */
export const NOTIFICATION_KINDS = [
  'outbid',
  'bid_received',
  'offer_received',
  'offer_accepted',
  'trade_received',
  'trade_declined',
  'trade_completed',
  'card_sold',
  'listing_ended',
  'listing_unbuyable',
  'purchase_paid',
  'purchase_minted',
  'purchase_refunded',
  'payout_approved',
  'payout_paid',
  'payout_rejected',
  'followed_new_card',
  'favorite_price_below',
  'webhook_disabled',
] as const;
/** One of {@link NOTIFICATION_KINDS}. */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Kinds anyone can cause at will (an offer, a bid: a wallet costs nothing), gathered per reader: one that comes
 * while the reader has an unread one of its kind from the last {@link GATHER_MINUTES} adds to that one's count
 * (`n`) instead of making another, and mail goes only with the first (./notify.server.ts).
 */
export const GATHERED_KINDS: readonly NotificationKind[] = ['offer_received', 'bid_received', 'trade_received'];
/** How long a gathered notification keeps gathering. */
export const GATHER_MINUTES = 10;

/** Whether `kind` is one of {@link GATHERED_KINDS}. */
export function isGathered(kind: string): boolean {
  return (GATHERED_KINDS as readonly string[]).includes(kind);
}

/** The weekly digest: not a notification, but chosen with them (email or off). */
export const DIGEST_KIND = 'weekly_digest';
/** Every kind a user sets a channel for. */
export const PREFERENCE_KINDS = [...NOTIFICATION_KINDS, DIGEST_KIND] as const;
/** One of {@link PREFERENCE_KINDS}. */
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

/** Where a kind goes when the user chose nothing: in the app; the digest only for those who ask for it. */
export function defaultChannel(kind: PreferenceKind): 'in_app' | 'email' | 'off' {
  return kind === DIGEST_KIND ? 'off' : 'in_app';
}

/** The stored parameters of a notification (strings and numbers only; no email address, ever). */
export type NotificationParams = Record<string, string | number | null>;

/** Reasons a listing ended or cannot be bought that have words of their own (others use order.reason.*). */
const ENDED_REASONS = ['sold', 'cancelled', 'expired', 'unsold'] as const;

/** The reason's words: a listing's end (`notify.reason.*`) or why an order cannot be filled (`order.reason.*`). */
function reasonText(t: Translate, reason: string | number | null | undefined): string {
  const value = String(reason ?? 'unknown');
  if ((ENDED_REASONS as readonly string[]).includes(value)) return t(`notify.reason.${value}` as MessageKey);
  return t(`order.reason.${value}` as MessageKey, { symbol: '', operator: '' });
}

/**
 * A notification's text in `t`'s language; a gathered one counting several events says how many (`n`), of its
 * card, or of the reader's cards when they were about several.
 */
export function notificationText(t: Translate, kind: string, params: NotificationParams): string {
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return '';
  const vars: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) if (value !== null) vars[key] = value;
  if ('reason' in params) vars['reason'] = reasonText(t, params['reason']);
  if (Number(params['n'] ?? 1) > 1) {
    return t(`notify.kind.${kind}.${params['card'] === undefined ? 'manyCards' : 'many'}` as MessageKey, vars);
  }
  vars['card'] ??= '';
  return t(`notify.kind.${kind}` as MessageKey, vars);
}

/** Where a notification leads (a path without the locale prefix), or null. */
export function notificationPath(kind: string, params: NotificationParams): string | null {
  if (kind.startsWith('payout_')) return '/dashboard/payouts';
  if (kind === 'webhook_disabled') return '/developers';
  if (kind.startsWith('purchase_') && params['purchaseId'] !== undefined) return `/purchases/${params['purchaseId']}`;
  const { chainId, contract, tokenId } = params;
  if (chainId !== undefined && contract !== undefined && tokenId !== undefined) {
    return `/tokens/${chainId}/${contract}/${tokenId}`;
  }
  return null;
}
