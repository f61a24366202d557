/** Cancelling one's offer: Seaport `cancel` from the offerer's wallet, then `POST /api/v1/offers/{hash}/cancel`. */
import { getAddress } from 'viem';
import { api } from '~/client/siteApi';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { cancelOrders } from '../seaport/cancelOrders';
import { parseOrderJson } from '../seaport/orderJson';
import type { TradeTerms } from '../terms/tradeTerms';
import { confirm, connect, type TradeProgress } from '../wallet/walletTrade';
import type { OfferItemProps, SignedOffer } from './offerModel';

/** Cancels `offer` on chain and has the site record it. */
export async function cancelOfferFlow(
  provider: Eip1193Provider,
  terms: Pick<TradeTerms, 'chain' | 'seaport'>,
  offer: OfferItemProps & SignedOffer,
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const order = parseOrderJson(offer.order);
  if (!order) throw new Error('Order not found');
  const { wallet, reader } = await connect(provider, terms, offer.offerer, onProgress);
  onProgress({ step: 'walletPrompt' });
  const hash = await cancelOrders(wallet, { seaport: getAddress(terms.seaport), orders: [order] });
  await confirm(reader, hash, onProgress);
  await api.post(`/api/v1/offers/${offer.orderHash}/cancel`, {});
}
