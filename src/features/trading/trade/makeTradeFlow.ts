/**
 * Making a trade offer, or a counter, from the wallet: allow the conduit the coin added (the cards need nothing,
 * the conduit is approved for every holder from the start), read the counter and the wanted card's royalty on
 * the coin, build and sign the trade order (./tradeOrder.ts) and send it to `POST /api/v1/trade_offers`, or for a
 * counter (private to the collector it answers) to `POST /api/v1/trade_offers/{id}/counter`. Loaded on submit.
 */
import { type Address, getAddress, type Hex } from 'viem';
import { api } from '~/client/siteApi';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { listingWindow } from '../parts/tradeForm';
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
import { buildTradeOrder, type TradeCard } from './tradeOrder';

/** What the form asks for. */
export interface MakeTradeInput {
  userWallet: string;
  give: TradeCard[];
  want: TradeCard[];
  coin?: { token: Address; amount: bigint } | undefined;
  days: number;
  /** A counter: the trade offer it answers and the collector who made it (the only one who may fill it). */
  counterOf?: { id: number; taker: Address } | undefined;
}

/** Makes the trade offer or counter (see the module comment). */
export async function makeTradeFlow(
  provider: Eip1193Provider,
  terms: Pick<TradeTerms, 'chain' | 'seaport' | 'conduit' | 'conduitKey' | 'feeRecipient' | 'feeBps' | 'zone'>,
  input: MakeTradeInput,
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const window = listingWindow(Date.now() / 1000, input.days);
  if (!window) throw new RangeError('expiry');
  const connected = await connect(provider, terms, input.userWallet, onProgress);
  const { account, reader } = connected;
  const coin = input.coin && input.coin.amount > 0n ? input.coin : undefined;
  if (coin) await ensureAllowance(connected, coin.token, operatorOf(terms), coin.amount, onProgress);
  const seaport = getAddress(terms.seaport);
  const [wanted] = input.want;
  const [counter, royalty] = await Promise.all([
    reader.readContract({ address: seaport, abi: seaportAbi, functionName: 'getCounter', args: [account] }),
    coin && wanted ? cardRoyalty({ reader }, wanted, coin.amount) : Promise.resolve(undefined),
  ]);
  const order = buildTradeOrder({
    offerer: account,
    give: input.give,
    want: input.want,
    coin,
    platformFee: { bps: terms.feeBps, recipient: terms.feeRecipient ? getAddress(terms.feeRecipient) : undefined },
    royalty,
    taker: input.counterOf?.taker,
    ...window,
    salt: randomSalt(),
    counter,
    conduitKey: terms.conduitKey as Hex,
    zone: getAddress(terms.zone),
  });
  const signature = await signInWallet(connected, terms, order, onProgress);
  const body = { chain_id: terms.chain.chainId, order: toOrderJson(order), signature };
  const path = input.counterOf ? `/api/v1/trade_offers/${input.counterOf.id}/counter` : '/api/v1/trade_offers';
  await api.post(path, body);
}
