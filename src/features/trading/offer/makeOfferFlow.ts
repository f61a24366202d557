/**
 * Making an offer from the wallet: wrap the native coin when the offer is in the chain's wrapped coin and the
 * wallet holds too little of it, allow the conduit the offered amount and what the wallet's open offers in that coin
 * still draw (./openOffers.ts), read the counter and the royalty, build
 * and sign the order (./../seaport/buildOffer.ts; a bid restricted to the settlement account), and send it to
 * `POST /api/v1/offers`. Loaded on submit (by ../auction/BidForm.tsx through ../tokenPage/TradeActions.tsx too).
 */
import { type Address, erc20Abi, getAddress, type Hex } from 'viem';
import { api } from '~/client/siteApi';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { wrappedNativeAbi } from '../contracts/wrappedNativeAbi';
import { listingWindow } from '../parts/tradeForm';
import { buildOffer, type OfferTarget } from '../seaport/buildOffer';
import { toOrderJson } from '../seaport/orderJson';
import { randomSalt } from '../seaport/randomSalt';
import { seaportAbi } from '../seaport/seaportAbi';
import type { TradeTerms } from '../terms/tradeTerms';
import {
  cardRoyalty,
  connect,
  ensureAllowance,
  operatorOf,
  signInWallet,
  type TradeProgress,
} from '../wallet/walletTrade';
import { openOffersTotal } from './openOffers';

/** The chain terms an offer is made with: the chain, Seaport, the conduit and the platform fee. */
export type OfferTerms = Pick<
  TradeTerms,
  'chain' | 'seaport' | 'conduit' | 'conduitKey' | 'feeRecipient' | 'feeBps' | 'zone'
>;

/** What the form asks for. */
export interface MakeOfferInput {
  userWallet: string;
  target: OfferTarget;
  quantity: number;
  unitPrice: bigint;
  token: Address;
  /** Whether `token` is the chain's wrapped native coin (it can be wrapped on the way). */
  wrappable: boolean;
  days: number;
  /** An exact end (unix seconds) instead of `days`: a bid lasts until its auction's settlement. */
  endTime?: bigint;
  /** A card of the collection, for the royalty (the target itself for a token offer). */
  royaltyTokenId: bigint;
  /** A bid on a timed auction (only the settlement fills it). */
  bid?: boolean;
}

/** Makes the offer (see the module comment). */
export async function makeOfferFlow(
  provider: Eip1193Provider,
  terms: OfferTerms,
  input: MakeOfferInput,
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const window = listingWindow(Date.now() / 1000, input.days);
  if (!window) throw new RangeError('expiry');
  const times = input.endTime === undefined ? window : { startTime: window.startTime, endTime: input.endTime };
  const connected = await connect(provider, terms, input.userWallet, onProgress);
  const { account, wallet, reader } = connected;
  const total = input.unitPrice * BigInt(input.quantity);
  const balance = await reader.readContract({
    address: input.token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account],
  });
  if (balance < total && input.wrappable) {
    onProgress({ step: 'wrapping' });
    const hash = await wallet.writeContract({
      address: input.token,
      abi: wrappedNativeAbi,
      functionName: 'deposit',
      value: total - balance,
    });
    await reader.waitForTransactionReceipt({ hash });
  }
  // The conduit draws every filled offer from one allowance: it covers the wallet's open offers in this coin too.
  const open = await openOffersTotal(terms.chain.chainId, account, input.token);
  await ensureAllowance(connected, input.token, operatorOf(terms), total + open, onProgress);
  const seaport = getAddress(terms.seaport);
  const contract = getAddress(input.target.contract);
  const [counter, royalty] = await Promise.all([
    reader.readContract({ address: seaport, abi: seaportAbi, functionName: 'getCounter', args: [account] }),
    cardRoyalty({ reader }, { contract, tokenId: input.royaltyTokenId }, input.unitPrice),
  ]);
  const order = buildOffer({
    offerer: account,
    target: input.target,
    quantity: input.quantity,
    unitPrice: input.unitPrice,
    token: input.token,
    platformFee: { bps: terms.feeBps, recipient: terms.feeRecipient ? getAddress(terms.feeRecipient) : undefined },
    ...(royalty ? { royalty } : {}),
    ...times,
    salt: randomSalt(),
    counter,
    conduitKey: terms.conduitKey as Hex,
    zone: getAddress(terms.zone),
    ...(input.bid ? { bid: true } : {}),
  });
  const signature = await signInWallet(connected, terms, order, onProgress);
  await api.post('/api/v1/offers', { chain_id: terms.chain.chainId, order: toOrderJson(order), signature });
}
