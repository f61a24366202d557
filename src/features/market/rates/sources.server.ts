/**
 * Where yen rates come from: a Chainlink price feed read on chain (AggregatorV3Interface `latestRoundData`, a
 * coin's USD feed divided by the JPY/USD feed), a configured HTTP price API (CoinGecko's `simple/price` answer
 * shape), or a local stand-in with fixed rates for the tests and the demo. Each answers readings with the time
 * the source observed them; ./rates.server.ts stores them.
 *
 * @see https://docs.chain.link/data-feeds/api-reference (latestRoundData)
 * @see https://docs.coingecko.com/reference/simple-price
 */
import type { Address, PublicClient } from 'viem';
import { z } from 'zod';

/** One rate as a source read it. */
export interface RateReading {
  currencyCode: number;
  /** Yen per whole unit. */
  jpy: number;
  observedAt: Date;
  source: string;
}

/** A source of yen rates. */
export interface RateSource {
  name: string;
  read(): Promise<RateReading[]>;
}

const aggregatorV3Abi = [
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint8' }] },
  {
    type: 'function',
    name: 'latestRoundData',
    stateMutability: 'view',
    inputs: [],
    outputs: [
      { name: 'roundId', type: 'uint80' },
      { name: 'answer', type: 'int256' },
      { name: 'startedAt', type: 'uint256' },
      { name: 'updatedAt', type: 'uint256' },
      { name: 'answeredInRound', type: 'uint80' },
    ],
  },
] as const;

/** A feed's latest answer as a number and its update time; null for a non-positive answer. */
async function readFeed(client: PublicClient, address: Address): Promise<{ value: number; at: Date } | null> {
  const [decimals, round] = await Promise.all([
    client.readContract({ address, abi: aggregatorV3Abi, functionName: 'decimals' }),
    client.readContract({ address, abi: aggregatorV3Abi, functionName: 'latestRoundData' }),
  ]);
  const [, answer, , updatedAt] = round;
  if (answer <= 0n) return null;
  return { value: Number(answer) / 10 ** decimals, at: new Date(Number(updatedAt) * 1000) };
}

/** Chainlink feeds of one chain: each currency's X/USD feed and the JPY/USD feed. */
export interface ChainlinkFeeds {
  client: PublicClient;
  jpyUsd: Address;
  usd: Readonly<Record<number, Address>>;
}

/** Rates from Chainlink feeds (X/USD over JPY/USD); the older of the two update times is the observation's. */
export function chainlinkSource(feeds: ChainlinkFeeds): RateSource {
  return {
    name: 'chainlink',
    async read() {
      const yen = await readFeed(feeds.client, feeds.jpyUsd);
      if (!yen) return [];
      const readings: RateReading[] = [];
      for (const [code, address] of Object.entries(feeds.usd)) {
        const usd = await readFeed(feeds.client, address);
        if (!usd) continue;
        const observedAt = new Date(Math.min(usd.at.getTime(), yen.at.getTime()));
        readings.push({ currencyCode: Number(code), jpy: usd.value / yen.value, observedAt, source: 'chainlink' });
      }
      return readings;
    },
  };
}

const simplePriceAnswer = z.record(
  z.string(),
  z.object({ jpy: z.number().positive(), last_updated_at: z.number().int().positive().optional() }),
);

/**
 * Rates from an HTTP price API answering `{ "<id>": { "jpy": 512345.6, "last_updated_at": 1767225600 } }` for
 * `url` (the ids in it already, as configured); `ids` maps currency codes to the API's ids. A malformed answer
 * gives no readings.
 */
export function httpSource(
  url: string,
  ids: Readonly<Record<number, string>>,
  fetcher: typeof fetch = fetch,
): RateSource {
  return {
    name: 'http',
    async read() {
      const response = await fetcher(url, { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`price API answered ${response.status}`);
      const parsed = simplePriceAnswer.safeParse(await response.json());
      if (!parsed.success) return [];
      const now = new Date();
      return Object.entries(ids).flatMap(([code, id]) => {
        const price = parsed.data[id];
        if (!price) return [];
        const observedAt = price.last_updated_at ? new Date(price.last_updated_at * 1000) : now;
        return [{ currencyCode: Number(code), jpy: price.jpy, observedAt, source: 'http' }];
      });
    },
  };
}

/** A stand-in with fixed rates observed "now" (tests and the demo; never production). */
export function localSource(rates: Readonly<Record<number, number>>, now: () => Date = () => new Date()): RateSource {
  return {
    name: 'local',
    async read() {
      return Object.entries(rates).map(([code, jpy]) => ({
        currencyCode: Number(code),
        jpy,
        observedAt: now(),
        source: 'local',
      }));
    },
  };
}
