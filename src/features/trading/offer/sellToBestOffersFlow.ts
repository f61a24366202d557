/**
 * "Sell to best offers" from the owner's wallet: the site names the offer the owner would accept now for each
 * chosen card (`GET /api/v1/users/{wallet}/best_offers`, ./bestOffers.server.ts) and the chain's terms
 * (`GET /api/v1/chains`); the conduit is let move the cards and, per offered token, the fees and royalties out of
 * what the offers pay; the zone signs each fill for the owner (`POST /api/v1/orders/{order_hash}/fulfillment`);
 * and one `fulfillAvailableAdvancedOrders` sells them all (../seaport/acceptOffers.ts). Loaded on submit.
 */
import { getAddress, type Hex } from 'viem';
import { api } from '~/client/siteApi';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import type { BulkChainTerms } from '../bulk/bulkListingModel';
import { feesPerCard } from '../seaport/acceptOffer';
import { acceptOffers, type OfferAcceptance } from '../seaport/acceptOffers';
import { parseOrderJson } from '../seaport/orderJson';
import type { TradeChain } from '../terms/tradeTerms';
import { confirm, connect, ensureAllowance, ensureCardApproval, type TradeProgress } from '../wallet/walletTrade';
import { fetchFulfilment } from '../zone/fetchFulfilment';
import type { SignedOfferItem } from './offerModel';

/** One card of the best offers answer (./bestOffers.server.ts `CardBestOffer`). */
interface CardBestOffer {
  contractAddress: string;
  tokenId: string;
  offer: SignedOfferItem | null;
}

/** Thrown when none of the chosen cards has an offer to accept now. */
export class NoBestOfferError extends Error {}

/** Sells `cards` (of `chain`, held by `userWallet`) to their best offers; answers how many were offered for. */
export async function sellToBestOffersFlow(
  provider: Eip1193Provider,
  chain: TradeChain,
  userWallet: string,
  cards: readonly { contractAddress: string; tokenId: string }[],
  onProgress: (p: TradeProgress) => void,
): Promise<number> {
  const list = cards.map((card) => `${card.contractAddress}:${card.tokenId}`).join(',');
  const [{ chains }, { items }] = await Promise.all([
    api.get<{ chains: BulkChainTerms[] }>('/api/v1/chains'),
    api.get<{ items: CardBestOffer[] }>(`/api/v1/users/${userWallet}/best_offers`, {
      query: { chain_id: String(chain.chainId), cards: list },
    }),
  ]);
  const terms = chains.find((candidate) => candidate.chainId === chain.chainId);
  const sold = items.flatMap((item) => {
    const order = item.offer ? parseOrderJson(item.offer.order) : null;
    return item.offer && order ? [{ item, offer: item.offer, order }] : [];
  });
  if (!terms || sold.length === 0) throw new NoBestOfferError();
  const connected = await connect(provider, { chain }, userWallet, onProgress);
  const operator = getAddress(terms.conduit);
  for (const contract of new Set(sold.map(({ item }) => getAddress(item.contractAddress)))) {
    await ensureCardApproval(connected, contract, operator, onProgress);
  }
  // Through the zone the owner pays each fee and royalty out of what its offer pays them.
  const fees = new Map<string, bigint>();
  for (const { order } of sold) {
    const token = order.offer[0]?.token;
    if (token) fees.set(getAddress(token), (fees.get(getAddress(token)) ?? 0n) + feesPerCard(order));
  }
  for (const [token, amount] of fees) await ensureAllowance(connected, token as Hex, operator, amount, onProgress);
  onProgress({ step: 'checking' });
  const acceptances: OfferAcceptance[] = [];
  for (const { item, offer, order } of sold) {
    const tokenId = BigInt(item.tokenId);
    acceptances.push({
      order,
      signature: offer.signature as Hex,
      tokenId,
      proof: (offer.proof ?? []) as Hex[],
      extraData: await fetchFulfilment(order, connected.account, tokenId),
    });
  }
  onProgress({ step: 'walletPrompt' });
  const hash = await acceptOffers(connected.wallet, {
    seaport: getAddress(terms.exchange),
    acceptances,
    fulfillerConduitKey: terms.conduitKey as Hex,
  });
  await confirm(connected.reader, hash, onProgress);
  return sold.length;
}
