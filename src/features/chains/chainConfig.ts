/**
 * Chain configuration per deployment environment, with validated overrides
 * (e.g. the RPC ports and contract addresses a local deploy script writes).
 * @see docs/product-spec.md §3 "Chain config per environment", §9 chain ids
 */
import { z } from 'zod';
import type { Address } from '~/lib/addresses';
import { ADDRESS_MESSAGE, ADDRESS_PATTERN } from '~/lib/addresses';
import {
  CHAIN_ICONS,
  CHAIN_KEYS,
  CHAIN_NAMES,
  type Chain,
  type ChainContracts,
  type ChainKey,
  type NativeCurrency,
} from './chains';

/** Deployment environments. @see spec §3 */
export const CHAIN_ENVIRONMENTS = ['production', 'staging', 'development', 'local'] as const;
/** One deployment environment. */
export type ChainEnvironment = (typeof CHAIN_ENVIRONMENTS)[number];

/** Seaport 1.6, deployed at the same address on every chain. @see https://github.com/ProjectOpenSea/seaport */
export const SEAPORT_1_6_ADDRESS: Address = '0x0000000000000068F116a894984e2DB1123eB395';

/**
 * Placeholder for a platform contract whose address is not known yet (market,
 * ATEM, payment). Check with {@link isDeployedAddress} before sending to it.
 */
export const UNDEPLOYED_CONTRACT_ADDRESS: Address = '0x0000000000000000000000000000000000000000';

/** Whether an address is a real contract address rather than the undeployed placeholder. */
export function isDeployedAddress(address: Address): boolean {
  return address.toLowerCase() !== UNDEPLOYED_CONTRACT_ADDRESS;
}

const DEFAULT_CONTRACTS: ChainContracts = {
  exchange: SEAPORT_1_6_ADDRESS,
  market: UNDEPLOYED_CONTRACT_ADDRESS,
  atem: UNDEPLOYED_CONTRACT_ADDRESS,
  payment: UNDEPLOYED_CONTRACT_ADDRESS,
  zone: UNDEPLOYED_CONTRACT_ADDRESS,
};

interface NetworkSpec {
  readonly chainId: number;
  readonly chainName: string;
  readonly nativeCurrency: NativeCurrency;
  readonly rpcUrls: readonly string[];
  readonly blockExplorerUrls: readonly string[];
}

const coin = (name: string, symbol: string): NativeCurrency => ({ name, symbol, decimals: 18 });

const PRODUCTION: Record<ChainKey, NetworkSpec> = {
  ETH: {
    chainId: 1,
    chainName: 'Ethereum',
    nativeCurrency: coin('Ether', 'ETH'),
    rpcUrls: ['https://ethereum-rpc.publicnode.com'],
    blockExplorerUrls: ['https://etherscan.io'],
  },
  BSC: {
    chainId: 56,
    chainName: 'BNB Chain',
    nativeCurrency: coin('BNB', 'BNB'),
    rpcUrls: ['https://bsc-dataseed.bnbchain.org'],
    blockExplorerUrls: ['https://bscscan.com'],
  },
  KLAYTN: {
    chainId: 8217,
    chainName: 'Klaytn',
    nativeCurrency: coin('KLAY', 'KLAY'),
    rpcUrls: ['https://public-en.node.kaia.io'],
    blockExplorerUrls: ['https://kaiascan.io'],
  },
  POLYGON: {
    chainId: 137,
    chainName: 'Polygon',
    nativeCurrency: coin('POL', 'POL'),
    rpcUrls: ['https://polygon-rpc.com'],
    blockExplorerUrls: ['https://polygonscan.com'],
  },
};

const DEVELOPMENT: Record<ChainKey, NetworkSpec> = {
  ETH: {
    chainId: 11155111,
    chainName: 'Sepolia',
    nativeCurrency: coin('Sepolia Ether', 'ETH'),
    rpcUrls: ['https://ethereum-sepolia-rpc.publicnode.com'],
    blockExplorerUrls: ['https://sepolia.etherscan.io'],
  },
  BSC: {
    chainId: 97,
    chainName: 'BNB Chain Testnet',
    nativeCurrency: coin('BNB', 'tBNB'),
    rpcUrls: ['https://data-seed-prebsc-1-s1.bnbchain.org:8545'],
    blockExplorerUrls: ['https://testnet.bscscan.com'],
  },
  KLAYTN: {
    chainId: 1001,
    chainName: 'Klaytn Baobab',
    nativeCurrency: coin('KLAY', 'KLAY'),
    rpcUrls: ['https://public-en-kairos.node.kaia.io'],
    blockExplorerUrls: ['https://kairos.kaiascan.io'],
  },
  POLYGON: {
    chainId: 80002,
    chainName: 'Polygon Amoy',
    nativeCurrency: coin('POL', 'POL'),
    rpcUrls: ['https://rpc-amoy.polygon.technology'],
    blockExplorerUrls: ['https://amoy.polygonscan.com'],
  },
};

/** Mumbai was shut down in April 2024; kept because the spec's staging names it. */
const MUMBAI: NetworkSpec = {
  chainId: 80001,
  chainName: 'Polygon Mumbai',
  nativeCurrency: coin('MATIC', 'MATIC'),
  rpcUrls: ['https://rpc-mumbai.maticvigil.com'],
  blockExplorerUrls: ['https://mumbai.polygonscan.com'],
};

/** First loopback port of the local anvils; ETH, BSC, KLAYTN, POLYGON take 8545..8548. */
export const LOCAL_ANVIL_FIRST_PORT = 8545;

const LOCAL = Object.fromEntries(
  CHAIN_KEYS.map((key, index): [ChainKey, NetworkSpec] => [
    key,
    {
      ...PRODUCTION[key],
      chainName: `${PRODUCTION[key].chainName} (local)`,
      rpcUrls: [`http://127.0.0.1:${LOCAL_ANVIL_FIRST_PORT + index}`],
      blockExplorerUrls: [],
    },
  ]),
) as Record<ChainKey, NetworkSpec>;

const NETWORKS: Record<ChainEnvironment, Record<ChainKey, NetworkSpec>> = {
  production: PRODUCTION,
  staging: { ...DEVELOPMENT, POLYGON: MUMBAI },
  development: DEVELOPMENT,
  local: LOCAL,
};

const addressSchema = z
  .string()
  .regex(ADDRESS_PATTERN, ADDRESS_MESSAGE)
  .transform((value) => value as Address);

const rpcUrlList = z
  .array(z.url({ protocol: /^(https?|wss?)$/ }))
  .min(1)
  .optional();

const chainOverrideSchema = z.strictObject({
  /** The server's RPC URLs (may carry API keys). */
  rpcUrls: rpcUrlList,
  /** What a visitor's wallet is given to add the chain; by default the network's public endpoints. */
  publicRpcUrls: rpcUrlList,
  contracts: z
    .strictObject({
      exchange: addressSchema.optional(),
      market: addressSchema.optional(),
      atem: addressSchema.optional(),
      payment: addressSchema.optional(),
      zone: addressSchema.optional(),
    })
    .optional(),
});

/**
 * Shape of chain overrides: per chain key, RPC URLs (replacing the defaults)
 * and any of the five contract addresses. Unknown keys are rejected so a typo
 * in a deploy file fails loudly instead of being ignored.
 */
export const chainOverridesSchema = z.strictObject({
  ETH: chainOverrideSchema.optional(),
  BSC: chainOverrideSchema.optional(),
  KLAYTN: chainOverrideSchema.optional(),
  POLYGON: chainOverrideSchema.optional(),
});

/** Validated chain overrides. */
export type ChainOverrides = z.output<typeof chainOverridesSchema>;

/**
 * Validates overrides read from JSON or written by a deploy script.
 * @throws Error naming each invalid field.
 */
export function parseChainOverrides(value: unknown): ChainOverrides {
  const result = chainOverridesSchema.safeParse(value);
  if (!result.success) {
    throw new Error(`Invalid chain config overrides:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

/** Whether every URL points at this machine (a local node has no secrets and is what the wallet needs). */
function allLoopback(urls: readonly string[]): boolean {
  return urls.every((url) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname));
}

/**
 * The RPC URLs a browser may get when none are configured for it: the server's own when they are all on this
 * machine (local anvils), else the network's public endpoints, never the server's (which may hold API keys).
 */
function publicDefault(networkUrls: readonly string[], serverUrls: readonly string[] | undefined): readonly string[] {
  return serverUrls && allLoopback(serverUrls) ? serverUrls : networkUrls;
}

/**
 * The supported chains of an environment, in selector order (Ethereum, BNB
 * Chain, Klaytn, Polygon), with overrides merged in. Each call returns fresh
 * objects, so callers cannot alter the defaults.
 * @param overrides unvalidated override data (see {@link chainOverridesSchema})
 * @throws Error when the overrides are invalid.
 * @see spec §3, §9
 */
export function loadChainConfig(env: ChainEnvironment, overrides?: unknown): readonly Chain[] {
  const parsed = overrides === undefined ? {} : parseChainOverrides(overrides);
  return CHAIN_KEYS.map((key): Chain => {
    const network = NETWORKS[env][key];
    const override = parsed[key];
    const contracts = override?.contracts;
    return {
      key,
      name: CHAIN_NAMES[key],
      chainId: network.chainId,
      chainIdHex: `0x${network.chainId.toString(16)}`,
      chainName: network.chainName,
      nativeCurrency: { ...network.nativeCurrency },
      rpcUrls: [...(override?.rpcUrls ?? network.rpcUrls)],
      publicRpcUrls: [...(override?.publicRpcUrls ?? publicDefault(network.rpcUrls, override?.rpcUrls))],
      blockExplorerUrls: [...network.blockExplorerUrls],
      icon: CHAIN_ICONS[key],
      contracts: {
        exchange: contracts?.exchange ?? DEFAULT_CONTRACTS.exchange,
        market: contracts?.market ?? DEFAULT_CONTRACTS.market,
        atem: contracts?.atem ?? DEFAULT_CONTRACTS.atem,
        payment: contracts?.payment ?? DEFAULT_CONTRACTS.payment,
        zone: contracts?.zone ?? DEFAULT_CONTRACTS.zone,
      },
    };
  });
}
