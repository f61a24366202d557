/**
 * Test support for trade offers (cards for cards) on the test market (./testMarket.ts): a wallet's signed trade
 * order giving its cards for others: `input` as the API's functions take it, `body` as a client sends it.
 */

import { toOrderJson } from '../../src/features/trading/seaport/orderJson';
import { seaportAbi } from '../../src/features/trading/seaport/seaportAbi';
import { signOrder } from '../../src/features/trading/seaport/signOrder';
import {
  type BuildTradeParameters,
  buildTradeOrder,
  type TradeCard,
} from '../../src/features/trading/trade/tradeOrder';
import type { LocalWallet } from './localMarket';
import { TEST_FEE_BPS, TEST_FEE_RECIPIENT, type TestMarket } from './testMarket';

/** Cards `ids` of the test market's collection. */
export const marketCards = (fixture: TestMarket, ...ids: bigint[]): TradeCard[] =>
  ids.map((tokenId) => ({ contract: fixture.card, tokenId }));

/** `wallet`'s signed trade giving `give` for `want` for a day (a counter when `extra.taker` is set). */
export async function signTrade(
  fixture: TestMarket,
  wallet: LocalWallet,
  give: TradeCard[],
  want: TradeCard[],
  extra: Partial<BuildTradeParameters> = {},
) {
  const { contracts, publicClient } = fixture.market;
  const counter = await publicClient.readContract({
    address: contracts.seaport,
    abi: seaportAbi,
    functionName: 'getCounter',
    args: [wallet.account.address],
  });
  const { timestamp } = await publicClient.getBlock();
  const order = buildTradeOrder({
    offerer: wallet.account.address,
    give,
    want,
    platformFee: { bps: TEST_FEE_BPS, recipient: TEST_FEE_RECIPIENT },
    startTime: timestamp - 60n,
    endTime: timestamp + 86_400n,
    salt: BigInt(Date.now()) * 1_000n + BigInt(Math.floor(Math.random() * 1_000)),
    counter,
    conduitKey: contracts.conduitKey,
    zone: contracts.zone,
    ...extra,
  });
  const signature = await signOrder(wallet, { order, chainId: fixture.chain.chainId, seaport: contracts.seaport });
  return {
    order,
    signature,
    input: { chain_id: fixture.chain.chainId, order, signature },
    /** The body as a client sends it (JSON). */
    body: { chain_id: fixture.chain.chainId, order: toOrderJson(order), signature },
  };
}
