/**
 * Listing several cards of one chain from the wallet with one signature: approve the conduit for each
 * collection involved (once each, skipping those approved already), read the Seaport counter and each card's
 * royalty for its price, build every order, sign them once as a Seaport bulk order (./bulkOrder.ts), and send
 * them to the site (`POST /api/v1/sell_cards`, all stored or none). Loaded by the island only on submit.
 *
 * @see ../sell/sellFlow.ts (one listing), docs/product-spec.md §3 "Sell-card payload"
 */
import { type Address, getAddress, type Hex, zeroAddress } from 'viem';
import { api } from '~/client/siteApi';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { listingWindow } from '../parts/tradeForm';
import { buildSellOrder } from '../seaport/buildSellOrder';
import { toOrderJson } from '../seaport/orderJson';
import { randomSalt } from '../seaport/randomSalt';
import { seaportAbi } from '../seaport/seaportAbi';
import type { TradeChain } from '../terms/tradeTerms';
import { cardRoyalty, connect, ensureCardApproval, SignRefusedError, type TradeProgress } from '../wallet/walletTrade';
import type { BulkChainTerms } from './bulkListingModel';
import { signBulkOrder } from './bulkOrder';

/** What to list: the cards (one chain), each at its price, in one currency, for `days` days. */
export interface BulkListingInput {
  userWallet: string;
  items: readonly { contractAddress: string; tokenId: string; price: bigint }[];
  /** The currency's ERC-20 contract, or null for the native coin. */
  currency: string | null;
  currencyCode: number;
  days: number;
}

/** What the site answered. */
export interface BulkListingResult {
  created: number;
  listings: { created: boolean; listing: { orderHash: string } }[];
}

/** Lists `input.items` on `chain` under `terms` (see the module comment); resolves with the site's answer. */
export async function bulkListingFlow(
  provider: Eip1193Provider,
  chain: TradeChain,
  terms: BulkChainTerms,
  input: BulkListingInput,
  onProgress: (p: TradeProgress) => void,
): Promise<BulkListingResult> {
  if (!terms.feeRecipient) throw new Error('no fee recipient');
  const platformFee = { bps: terms.feeBps, recipient: getAddress(terms.feeRecipient) };
  const times = listingWindow(Date.now() / 1000, input.days);
  if (!times) throw new RangeError('expiry');
  const connected = await connect(provider, { chain }, input.userWallet, onProgress);
  const { account, wallet, reader } = connected;
  const seaport = getAddress(terms.exchange);
  const operator = getAddress(terms.conduit);
  const collections = [...new Set(input.items.map((item) => getAddress(item.contractAddress)))];
  for (const collection of collections) await ensureCardApproval(connected, collection, operator, onProgress);

  const counter = await reader.readContract({
    address: seaport,
    abi: seaportAbi,
    functionName: 'getCounter',
    args: [account],
  });
  const currency: Address = input.currency === null ? zeroAddress : getAddress(input.currency);
  const orders = await Promise.all(
    input.items.map(async (item) => {
      const nft = { contract: getAddress(item.contractAddress), tokenId: BigInt(item.tokenId) };
      const royalty = await cardRoyalty({ reader }, nft, item.price);
      return buildSellOrder({
        seller: account,
        nft,
        price: item.price,
        currency,
        platformFee,
        ...(royalty ? { royalty } : {}),
        ...times,
        salt: randomSalt(),
        counter,
        conduitKey: terms.conduitKey as Hex,
        zone: getAddress(terms.zone.address),
      });
    }),
  );

  onProgress({ step: 'signing' });
  let signatures: Hex[];
  try {
    signatures = await signBulkOrder(wallet, { orders, chainId: chain.chainId, seaport });
  } catch (error) {
    throw new SignRefusedError(error);
  }
  const listings = orders.map((order, i) => {
    const item = input.items[i] as BulkListingInput['items'][number];
    return {
      chain_id: chain.chainId,
      contract_address: getAddress(item.contractAddress),
      token_id: item.tokenId,
      price: item.price.toString(),
      signature: signatures[i],
      seller_address: account,
      exchange: seaport,
      currency_code: input.currencyCode,
      order: toOrderJson(order),
    };
  });
  return api.post<BulkListingResult>('/api/v1/sell_cards', { listings });
}
