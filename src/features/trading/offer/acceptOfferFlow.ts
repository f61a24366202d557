/**
 * Accepting an offer from the owner's wallet: let the conduit move their cards of the collection, and for a
 * collection or trait offer also the fee and royalty out of the tokens they receive, then fill the offer
 * for their card (./../seaport/acceptOffer.ts) and wait for the site to record the new owner. Loaded on click.
 */
import { erc721Abi, getAddress, type Hex } from 'viem';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { acceptOffer, feesPerCard } from '../seaport/acceptOffer';
import { parseOrderJson } from '../seaport/orderJson';
import { ItemType, isRestricted } from '../seaport/seaportTypes';
import type { TradeTerms } from '../terms/tradeTerms';
import {
  confirm,
  connect,
  ensureAllowance,
  ensureCardApproval,
  operatorOf,
  type TradeProgress,
  waitForSiteOwner,
} from '../wallet/walletTrade';
import { fetchFulfilment } from '../zone/fetchFulfilment';
import type { OfferCard, OfferItemProps, SignedOffer } from './offerModel';

/** Accepts `offer` with the owner's `card` (see the module comment). */
export async function acceptOfferFlow(
  provider: Eip1193Provider,
  terms: Pick<TradeTerms, 'chain' | 'seaport' | 'conduit' | 'conduitKey'>,
  card: Pick<OfferCard, 'contractAddress' | 'tokenId' | 'owner'>,
  offer: Pick<OfferItemProps, 'orderHash'> & SignedOffer,
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const order = parseOrderJson(offer.order);
  const token = order?.offer[0]?.token;
  if (!order || !token) throw new Error('Order not found');
  const connected = await connect(provider, terms, card.owner, onProgress);
  const operator = operatorOf(terms);
  const contract = getAddress(card.contractAddress);
  await ensureCardApproval(connected, contract, operator, onProgress);
  // Through the zone (fulfillAdvancedOrder) the owner pays the fee and royalty out of what they receive.
  if (order.consideration[0]?.itemType !== ItemType.ERC721 || isRestricted(order)) {
    await ensureAllowance(connected, token, operator, feesPerCard(order), onProgress);
  }
  onProgress({ step: 'checking' });
  const extraData = await fetchFulfilment(order, connected.account, BigInt(card.tokenId));
  onProgress({ step: 'walletPrompt' });
  const hash = await acceptOffer(connected.wallet, {
    seaport: getAddress(terms.seaport),
    order,
    signature: offer.signature as Hex,
    tokenId: BigInt(card.tokenId),
    proof: (offer.proof ?? []) as Hex[],
    fulfillerConduitKey: terms.conduitKey as Hex,
    extraData,
  });
  await confirm(connected.reader, hash, onProgress);
  const owner = await connected.reader.readContract({
    address: contract,
    abi: erc721Abi,
    functionName: 'ownerOf',
    args: [BigInt(card.tokenId)],
  });
  onProgress({ step: 'owned', hash, owner });
  await waitForSiteOwner(terms, card, owner);
}
