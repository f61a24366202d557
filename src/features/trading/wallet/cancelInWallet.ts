/**
 * Cancelling one signed order from its offerer's wallet: Seaport `cancel` (../seaport/cancelOrders.ts), awaited,
 * then the site told, as a listing's cancel (../cancel/cancelFlow.ts) and an offer's (../offer/cancelOfferFlow.ts)
 * both do. Loaded with those flows, when their button is clicked.
 */
import { getAddress } from 'viem';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { cancelOrders } from '../seaport/cancelOrders';
import { parseOrderJson } from '../seaport/orderJson';
import type { TradeTerms } from '../terms/tradeTerms';
import { confirm, connect, type TradeProgress } from './walletTrade';

/** The order to cancel: its JSON as stored, the Seaport it is on and its offerer. */
export interface CancelledOrder {
  order: Record<string, unknown>;
  seaport: string;
  offerer: string;
}

/** Cancels `cancelled` on chain, then calls `tell` (the site's record of it). */
export async function cancelInWallet(
  provider: Eip1193Provider,
  terms: Pick<TradeTerms, 'chain'>,
  cancelled: CancelledOrder,
  tell: () => Promise<unknown>,
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const order = parseOrderJson(cancelled.order);
  if (!order) throw new Error('Order not found');
  const { wallet, reader } = await connect(provider, terms, cancelled.offerer, onProgress);
  onProgress({ step: 'walletPrompt' });
  const hash = await cancelOrders(wallet, { seaport: getAddress(cancelled.seaport), orders: [order] });
  await confirm(reader, hash, onProgress);
  await tell();
}
