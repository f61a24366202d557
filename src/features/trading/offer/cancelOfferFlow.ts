/** Cancelling one's offer: Seaport `cancel` from the offerer's wallet, then `POST /api/v1/offers/{hash}/cancel`. */
import { api } from '~/client/siteApi';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import type { TradeTerms } from '../terms/tradeTerms';
import { cancelInWallet } from '../wallet/cancelInWallet';
import type { TradeProgress } from '../wallet/walletTrade';
import type { OfferItemProps, SignedOffer } from './offerModel';

/** Cancels `offer` on chain and has the site record it. */
export async function cancelOfferFlow(
  provider: Eip1193Provider,
  terms: Pick<TradeTerms, 'chain' | 'seaport'>,
  offer: Pick<OfferItemProps, 'orderHash' | 'offerer'> & SignedOffer,
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const cancelled = { order: offer.order, seaport: terms.seaport, offerer: offer.offerer };
  const tell = () => api.post(`/api/v1/offers/${offer.orderHash}/cancel`, {});
  await cancelInWallet(provider, terms, cancelled, tell, onProgress);
}
