/**
 * Selling from the wallet: approve the conduit once, build and sign the Seaport order (EIP-712), send it to the site (`POST /api/v1/sell_card`). Loaded by its button only when clicked.
 *
 * @see docs/product-spec.md §3 "Sell-card payload"
 */
import { type Address, getAddress, type Hex, zeroAddress } from 'viem';
import { api } from '~/client/siteApi';
import type { Eip1193Provider } from '../../wallet/eip1193';
import { cardAbi } from '../contracts/cardAbi';
import { toOrderJson } from '../orderJson';
import { buildSellOrder } from '../seaport/buildSellOrder';
import { seaportAbi } from '../seaport/seaportAbi';
import { listingWindow, randomSalt } from '../tradeModel';
import { connect, ensureCardApproval, operatorOf, signInWallet, type Trade, type TradeProgress } from '../walletTrade';

/** Lists the card: approve the conduit once, build and sign the order, send it to the site. */
export async function sellFlow(
  provider: Eip1193Provider,
  trade: Trade,
  input: { userWallet: string; price: bigint; currency: Address; currencyCode: number; days: number },
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  if (!trade.feeRecipient) throw new Error('no fee recipient');
  const times = listingWindow(Date.now() / 1000, input.days);
  if (!times) throw new RangeError('expiry');
  const { account, wallet, reader } = await connect(provider, trade, input.userWallet, onProgress);
  const nft = { contract: getAddress(trade.contractAddress), tokenId: BigInt(trade.tokenId) };
  const seaport = getAddress(trade.seaport);
  const operator = operatorOf(trade);
  await ensureCardApproval({ account, wallet, reader }, nft.contract, operator, onProgress);
  const counter = await reader.readContract({
    address: seaport,
    abi: seaportAbi,
    functionName: 'getCounter',
    args: [account],
  });
  const royalty = await reader
    .readContract({
      address: nft.contract,
      abi: cardAbi,
      functionName: 'royaltyInfo',
      args: [nft.tokenId, input.price],
    })
    .then(([receiver, amount]) => ({ receiver, amount }))
    .catch(() => undefined);
  const order = buildSellOrder({
    seller: account,
    nft,
    price: input.price,
    currency: input.currency === zeroAddress ? zeroAddress : getAddress(input.currency),
    platformFee: { bps: trade.feeBps, recipient: getAddress(trade.feeRecipient) },
    ...(royalty ? { royalty } : {}),
    ...times,
    salt: randomSalt(),
    counter,
    conduitKey: trade.conduitKey as Hex,
  });
  const signature = await signInWallet({ wallet }, trade, order, onProgress);
  await api.post('/api/v1/sell_card', {
    chain_id: trade.chain.chainId,
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
