/**
 * Cancelling: a listing restricted to the Kirafuda zone on Kirafuda alone, at once and without gas (the site stops
 * signing its fills); or from the wallet, one listing (Seaport `cancel`) or every listing on a chain
 * (`incrementCounter`), then telling the site. Loaded by its button only when clicked.
 *
 * @see docs/product-spec.md §7
 */
import { getAddress } from 'viem';
import { api } from '~/client/siteApi';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { incrementCounter } from '../seaport/incrementCounter';
import type { TradeTerms } from '../terms/tradeTerms';
import { cancelInWallet } from '../wallet/cancelInWallet';
import { confirm, connect, type TradeProgress } from '../wallet/walletTrade';

/** Cancels the seller's own zone listing on Kirafuda: no wallet prompt, no gas (the site checks it is theirs). */
export async function cancelOnKirafuda(listing: { orderHash: string }): Promise<void> {
  await api.post(`/api/v1/orders/${listing.orderHash}/cancel`);
}

/** Cancels the seller's own listing on Seaport, then tells the site. */
export async function cancelFlow(
  provider: Eip1193Provider,
  terms: Pick<TradeTerms, 'chain'>,
  listing: { order: Record<string, unknown>; exchange: string; orderHash: string; sellerAddress: string },
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const cancelled = { order: listing.order, seaport: listing.exchange, offerer: listing.sellerAddress };
  await cancelInWallet(provider, terms, cancelled, () => cancelOnKirafuda(listing), onProgress);
}

/**
 * Cancels every listing of the seller on one chain at once: raises their Seaport counter (one transaction),
 * then tells the site, which ends the listings signed with the old counter.
 */
export async function cancelAllFlow(
  provider: Eip1193Provider,
  terms: Pick<TradeTerms, 'chain' | 'seaport'>,
  sellerAddress: string,
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const { wallet, reader } = await connect(provider, terms, sellerAddress, onProgress);
  onProgress({ step: 'walletPrompt' });
  const hash = await incrementCounter(wallet, { seaport: getAddress(terms.seaport) });
  await confirm(reader, hash, onProgress);
  await api.post('/api/v1/orders/cancel_all', { chain_id: terms.chain.chainId });
}
