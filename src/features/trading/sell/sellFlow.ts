/**
 * Selling from the wallet: approve the conduit once, build and sign the Seaport order (EIP-712) of a fixed or
 * declining price or of a timed auction (../auction/auctionRules.ts), send it to the site
 * (`POST /api/v1/sell_card`). Loaded by its button only when clicked.
 *
 * @see docs/product-spec.md §3 "Sell-card payload"
 */
import { type Address, getAddress, type Hex, zeroAddress } from 'viem';
import { api } from '~/client/siteApi';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { buildAuctionListing } from '../auction/auctionRules';
import type { TradeCard } from '../parts/tradeCard';
import { listingWindow } from '../parts/tradeForm';
import { buildSellOrder } from '../seaport/buildSellOrder';
import { toOrderJson } from '../seaport/orderJson';
import { randomSalt } from '../seaport/randomSalt';
import { seaportAbi } from '../seaport/seaportAbi';
import type { TradeTerms } from '../terms/tradeTerms';
import {
  cardRoyalty,
  connect,
  ensureCardApproval,
  operatorOf,
  signInWallet,
  type TradeProgress,
} from '../wallet/walletTrade';

/** The chain terms a listing is made with: the chain, Seaport, the conduit, the fee and the settlement account. */
export type SellTerms = Pick<
  TradeTerms,
  'chain' | 'seaport' | 'conduit' | 'conduitKey' | 'feeRecipient' | 'feeBps' | 'settler'
>;

/** What the sell form asks: the price (a declining price's start, an auction's reserve) and how it sells. */
export interface SellInput {
  userWallet: string;
  price: bigint;
  currency: Address;
  currencyCode: number;
  /** How long the listing (or the auction's bidding) lasts. */
  days: number;
  saleType: 'fixed' | 'declining' | 'auction';
  /** A declining price's end. */
  endPrice?: bigint;
}

/** Lists the card: approve the conduit once, build and sign the order, send it to the site. */
export async function sellFlow(
  provider: Eip1193Provider,
  terms: SellTerms,
  card: Pick<TradeCard, 'contractAddress' | 'tokenId'>,
  input: SellInput,
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  if (!terms.feeRecipient) throw new Error('no fee recipient');
  const times = listingWindow(Date.now() / 1000, input.days);
  if (!times) throw new RangeError('expiry');
  if (input.saleType === 'auction' && !terms.settler) throw new Error('auctions are not available');
  const { account, wallet, reader } = await connect(provider, terms, input.userWallet, onProgress);
  const nft = { contract: getAddress(card.contractAddress), tokenId: BigInt(card.tokenId) };
  const seaport = getAddress(terms.seaport);
  const operator = operatorOf(terms);
  await ensureCardApproval({ account, wallet, reader }, nft.contract, operator, onProgress);
  const counter = await reader.readContract({
    address: seaport,
    abi: seaportAbi,
    functionName: 'getCounter',
    args: [account],
  });
  const royaltyAt = (price: bigint) => cardRoyalty({ reader }, nft, price);
  const royalty = await royaltyAt(input.price);
  const currency = input.currency === zeroAddress ? zeroAddress : getAddress(input.currency);
  const common = { nft, salt: randomSalt(), counter, conduitKey: terms.conduitKey as Hex };
  const order =
    input.saleType === 'auction'
      ? buildAuctionListing({
          ...common,
          seller: account,
          reserve: input.price,
          currency,
          feeBps: terms.feeBps,
          royalty: royalty?.amount ?? 0n,
          settler: getAddress(terms.settler ?? ''),
          startTime: times.startTime,
          endsAt: times.endTime,
        })
      : buildSellOrder({
          ...common,
          seller: account,
          price: input.price,
          ...(input.saleType === 'declining' && input.endPrice ? { endPrice: input.endPrice } : {}),
          currency,
          platformFee: { bps: terms.feeBps, recipient: getAddress(terms.feeRecipient) },
          ...(royalty
            ? {
                royalty: {
                  ...royalty,
                  ...(input.saleType === 'declining' && input.endPrice
                    ? { endAmount: (await royaltyAt(input.endPrice))?.amount ?? 0n }
                    : {}),
                },
              }
            : {}),
          ...times,
        });
  const signature = await signInWallet({ wallet }, terms, order, onProgress);
  await api.post('/api/v1/sell_card', {
    chain_id: terms.chain.chainId,
    contract_address: nft.contract,
    token_id: nft.tokenId.toString(),
    price: input.price.toString(),
    signature,
    seller_address: account,
    exchange: seaport,
    currency_code: input.currencyCode,
    order: toOrderJson(order),
  });
}
