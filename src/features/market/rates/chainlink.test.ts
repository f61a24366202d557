/**
 * The Chainlink reader against a stand-in JSON-RPC node (mainnet's feeds cannot run here): the node answers
 * `eth_call` to `decimals()` and `latestRoundData()` ABI-encoded, as an AggregatorV3 feed does.
 */
import {
  type Address,
  createPublicClient,
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  type Hex,
  type PublicClient,
  parseAbi,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { chainlinkSource } from './sources.server';

const abi = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);
const ETH_USD: Address = '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419';
const JPY_USD: Address = '0xBcE206caE7f0ec07b545EddE332A47C2F75bbeb3';

/** A node whose feeds answer `answer` (8 decimals) updated at `updatedAt` (unix seconds). */
function feedNode(feeds: Record<string, { answer: bigint; updatedAt: bigint }>): PublicClient {
  return createPublicClient({
    transport: custom({
      async request({ method, params }: { method: string; params: [{ to: Address; data: Hex }] }) {
        if (method === 'eth_chainId') return '0x1';
        if (method !== 'eth_call') throw new Error(`unexpected ${method}`);
        const [{ to, data }] = params;
        const feed = feeds[to.toLowerCase()];
        if (!feed) throw new Error(`no feed at ${to}`);
        const { functionName } = decodeFunctionData({ abi, data });
        return functionName === 'decimals'
          ? encodeFunctionResult({ abi, functionName, result: 8 })
          : encodeFunctionResult({ abi, functionName, result: [1n, feed.answer, 0n, feed.updatedAt, 1n] });
      },
    }),
  }) as PublicClient;
}

describe('the Chainlink rate source', () => {
  it('divides the coin’s USD price by the yen’s, observed when the older feed was updated', async () => {
    const client = feedNode({
      [ETH_USD.toLowerCase()]: { answer: 3_000n * 10n ** 8n, updatedAt: 1_767_225_600n },
      // 1 JPY = 0.0066 USD: 1 ETH = 3000 / 0.0066 yen.
      [JPY_USD.toLowerCase()]: { answer: 660_000n, updatedAt: 1_767_222_000n },
    });
    const readings = await chainlinkSource({ client, jpyUsd: JPY_USD, usd: { 2: ETH_USD } }).read();
    expect(readings).toHaveLength(1);
    expect(readings[0]?.jpy).toBeCloseTo(3000 / 0.0066, 6);
    expect(readings[0]?.observedAt).toEqual(new Date(1_767_222_000_000));
  });

  it('reads nothing from a feed answering zero or less', async () => {
    const client = feedNode({
      [ETH_USD.toLowerCase()]: { answer: 0n, updatedAt: 1n },
      [JPY_USD.toLowerCase()]: { answer: 660_000n, updatedAt: 1n },
    });
    expect(await chainlinkSource({ client, jpyUsd: JPY_USD, usd: { 2: ETH_USD } }).read()).toEqual([]);
  });
});
