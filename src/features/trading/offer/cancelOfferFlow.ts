/** Cancelling one's offer: Seaport `cancel` from the offerer's wallet, then `POST /api/v1/offers/{hash}/cancel`. */
import { getAddress } from 'viem';
import { api } from '~/client/siteApi';
import type { Eip1193Provider } from '../../wallet/eip1193';
import { cancelOrders } from '../seaport/cancelOrders';
import { parseOrderJson } from '../seaport/orderJson';
import { confirm, connect, type Trade, type TradeProgress } from '../wallet/walletTrade';
import type { OfferItemProps } from './offerModel';

/** Cancels `offer` on chain and has the site record it. */
export async function cancelOfferFlow(
  provider: Eip1193Provider,
  trade: Trade,
  offer: OfferItemProps,
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const order = parseOrderJson(offer.order);
  if (!order) throw new Error('Order not found');
  const { wallet, reader } = await connect(provider, trade, offer.offerer, onProgress);
  onProgress({ step: 'walletPrompt' });
  const hash = await cancelOrders(wallet, { seaport: getAddress(trade.seaport), orders: [order] });
  await confirm(reader, hash, onProgress);
  await api.post(`/api/v1/offers/${offer.orderHash}/cancel`, {});
}
